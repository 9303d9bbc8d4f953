import { idempotencyInput, idempotencyMessages, type TradeResult } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { appPerTest } from "../support/app-per-test";
import { appRouter } from "@ledgerline/api/router";
import { signIn, stocksApp } from "../support/portfolio-support";

const apps = appPerTest();

async function setUp() {
  const app = await apps.open(stocksApp());
  const trades = async () => apps.t.app.deps.repos.portfolio.transactions(app.user.id);
  return { ...app, trades };
}

const buy = { symbol: "NVDA", quantity: "7.5", purchasePrice: "120.25" };

describe("idempotencyKey on the tRPC door", () => {
  it("answers a repeated buy with what the first call answered and trades once", async () => {
    const { call, trades } = await setUp();
    const first = await call<TradeResult>("mutation", "portfolio.buy", {
      ...buy,
      idempotencyKey: "a",
    });
    const again = await call<TradeResult>("mutation", "portfolio.buy", {
      ...buy,
      idempotencyKey: "a",
    });
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(await trades()).toHaveLength(1);
  });

  it("refuses the same key with another input with a 422 and writes nothing", async () => {
    const { call, trades } = await setUp();
    await call("mutation", "portfolio.buy", { ...buy, idempotencyKey: "b" });
    const other = await call("mutation", "portfolio.buy", {
      ...buy,
      quantity: "8",
      idempotencyKey: "b",
    });
    expect(other.status).toBe(422);
    expect(other.message).toBe(idempotencyMessages.keyReused);
    expect(await trades()).toHaveLength(1);
  });

  it("gives 20 concurrent calls with one key one trade and 20 identical answers", async () => {
    const { call, trades } = await setUp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call("mutation", "portfolio.buy", { ...buy, idempotencyKey: "burst" }),
      ),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(200);
    expect(await trades()).toHaveLength(1);
  });

  it("replays a refused call with its status and message", async () => {
    const { call, trades } = await setUp();
    const bought = await call<TradeResult>("mutation", "portfolio.buy", buy);
    const positionId = bought.data.position!.id;
    const sell = { positionId, quantity: "100", idempotencyKey: "too-many" };
    const refused = await call("mutation", "portfolio.sell", sell);
    await call("mutation", "portfolio.buy", { ...buy, quantity: "200" });
    const again = await call("mutation", "portfolio.sell", sell);
    expect(refused.status).toBe(400);
    expect(again).toEqual(refused);
    expect((await trades()).filter((row) => row.transactionType === "SELL")).toHaveLength(0);
  });

  it("replays validation failures with their field issues", async () => {
    const { t: app, token } = await setUp();
    const bad = { symbol: "NVDA", quantity: "-1", purchasePrice: "1", idempotencyKey: "neg" };
    const first = await app.trpc("mutation", "portfolio.buy", bad, token);
    const again = await app.trpc("mutation", "portfolio.buy", bad, token);
    expect(first.status).toBe(400);
    expect(again.body).toEqual(first.body);
  });

  it("refuses a malformed key with a 400", async () => {
    const { call, trades } = await setUp();
    const answer = await call("mutation", "portfolio.buy", { ...buy, idempotencyKey: "" });
    expect(answer.status).toBe(400);
    expect(answer.message).toBe(idempotencyMessages.invalidKey);
    expect(await trades()).toHaveLength(0);
  });

  it("shares no answers between users", async () => {
    const { call } = await setUp();
    const other = await signIn(apps.t);
    await call("mutation", "portfolio.buy", { ...buy, idempotencyKey: "same" });
    const theirs = await other.call<TradeResult>("mutation", "portfolio.buy", {
      ...buy,
      quantity: "1",
      idempotencyKey: "same",
    });
    expect(theirs.status).toBe(200);
    expect(theirs.data.position?.quantity).toBe("1");
  });

  it("makes watchlist and account writes idempotent: a repeat answers as the first did", async () => {
    const { call, user } = await setUp();
    await call("mutation", "watchlist.save", { symbol: "AAPL" });
    const removed = await call("mutation", "watchlist.remove", {
      symbol: "AAPL",
      idempotencyKey: "r",
    });
    const again = await call("mutation", "watchlist.remove", {
      symbol: "AAPL",
      idempotencyKey: "r",
    });
    expect(removed.status).toBe(200);
    expect(again).toEqual(removed);
    const email = {
      newEmail: "moved@example.com",
      currentPassword: user.password,
      idempotencyKey: "e",
    };
    const changed = await call("mutation", "account.updateEmail", email);
    expect(changed.status).toBe(200);
    expect(await call("mutation", "account.updateEmail", email)).toEqual(changed);
  });

  it("takes an idempotency key on every signed-in mutation", () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: string; inputs: unknown[]; meta?: unknown } }
    >;
    const publicMutations = new Set([
      "auth.register",
      "auth.login",
      "auth.forgotPassword",
      "auth.resetPassword",
      "logs.create",
      "auth.loginMfa",
      "passkeys.signInOptions",
      "passkeys.signIn",
      "sso.complete",
    ]);
    // Repeating these changes nothing by their nature: a detection and a preview write nothing,
    // a split or dividend is never applied twice, and a reconciliation only compares a statement.
    const idempotentByContent = new Set([
      "import.detect",
      "import.preview",
      "corporateActions.resync",
      "investmentAccounts.reconcile",
    ]);
    const mutations = Object.entries(procedures).filter(([, p]) => p._def.type === "mutation");
    expect(mutations.length).toBeGreaterThan(15);
    const missing = mutations
      .filter(([path]) => !publicMutations.has(path) && !idempotentByContent.has(path))
      .filter(([, procedure]) => procedure._def.inputs[0] !== idempotencyInput)
      .map(([path]) => path);
    expect(missing).toEqual([]);
  });
});
