import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serverLogger } from "../../src/logger";

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** The file's text; none before the destination's asynchronous open has created it. */
const written = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : "");

const lines = (file: string) =>
  written(file)
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("the server's log", () => {
  it("writes request lines without holding the request for the write, and loses none", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "ledgerline-log-")), "server.log");
    const app = Fastify({
      logger: serverLogger({ LOG_LEVEL: "info", NODE_ENV: "production" }, file, false),
    });
    close = () => app.close();
    app.get("/hello", () => ({ hello: "world" }));
    await app.ready();
    // Logged in one turn of the event loop: none of it is written before the turn ends.
    for (let line = 0; line < 50; line++) app.log.info({ line }, "busy");
    expect(written(file)).toBe("");

    const answer = await app.inject({
      url: "/hello",
      headers: { authorization: "Bearer secret-token" },
    });
    expect(answer.statusCode).toBe(200);
    // Written once the writes under way end (pino's flush callback does not wait for them).
    await vi.waitFor(() => {
      expect(lines(file).filter((line) => line.msg === "request completed")).toHaveLength(1);
    });
    const logged = lines(file);
    expect(logged.filter((line) => line.msg === "busy")).toHaveLength(50);
    // Fastify's request lines, received and answered, with the token redacted.
    const request = logged.find((line) => line.msg === "incoming request");
    expect(request?.req).toMatchObject({ method: "GET", url: "/hello" });
    expect(logged.some((line) => line.msg === "request completed")).toBe(true);
    expect(readFileSync(file, "utf8")).not.toContain("secret-token");
  });
});
