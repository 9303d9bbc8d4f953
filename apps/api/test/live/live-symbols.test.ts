import { liveMessages } from "@ledgerline/contracts";
import type { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRouter } from "@ledgerline/api/router";
import { subscribeLive, until } from "../support/live-client";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let base: string;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  token = (await t.registerUser()).token;
});
afterAll(async () => {
  // The SSE client library may keep its sockets open after unsubscribing; they are not the app's.
  t.app.server.closeAllConnections();
  await t.close();
});

const subscribe = (bearer: string, input: { stocks?: string[]; crypto?: string[] }) =>
  subscribeLive(base, bearer, input);

describe("a user's live symbols across streams", () => {
  it("refuses a stream that would take a user past 100 distinct symbols, on both doors", async () => {
    const { id, token: own } = await t.registerUser();
    const watched = () => t.app.deps.liveSymbols.watchedBy(id);
    const named = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => `${prefix}${index}`);

    const first = subscribe(own, { stocks: named("S", 60) });
    await until(() => watched() === 60);
    const over = subscribe(own, { stocks: named("T", 41) });
    await until(() => over.errors.length > 0);
    over.stop();
    const error = over.errors[0] as TRPCClientError<AppRouter>;
    expect(error.data?.code).toBe("BAD_REQUEST");
    expect(error.message).toBe(liveMessages.tooManyForUser);
    expect(watched()).toBe(60);

    // Symbols already watched count once: 40 of the first stream's and 40 new make 100.
    const second = subscribe(own, { stocks: [...named("S", 40), ...named("T", 40)] });
    await until(() => watched() === 100);
    expect(second.errors).toEqual([]);

    const refused = await fetch(`${base}/api/stream?symbols=AAPL`, {
      headers: { authorization: `Bearer ${own}` },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      liveMessages.tooManyForUser,
    );
    // Another user's streams are their own.
    const stranger = subscribe(token, { crypto: ["BTC"] });
    await until(() => stranger.ticks.length > 0);
    stranger.stop();

    first.stop();
    second.stop();
    await until(() => watched() === 0);
    const afterwards = subscribe(own, { stocks: named("U", 100) });
    await until(() => watched() === 100);
    expect(afterwards.errors).toEqual([]);
    afterwards.stop();
    await until(() => watched() === 0);
  });
});
