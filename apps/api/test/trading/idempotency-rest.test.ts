import { systemClock } from "@ledgerline/clock";
import { idempotencyMessages, portfolioMessages } from "@ledgerline/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { gatedMarket } from "../support/idempotency-support";
import { pinnedOpenMarket, signIn, stocksApp } from "../support/portfolio-support";
import { startTestApp, TestClock, type TestApp, type TestAppOptions } from "../support/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

async function setUp(options: TestAppOptions = {}) {
  const app = await stocksApp(options);
  t = app.t;
  const rest = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    body?: unknown,
    key?: string,
    token = app.token,
  ) =>
    t!.request(method, `/api${url}`, {
      token,
      body,
      headers: key === undefined ? {} : { "idempotency-key": key },
    });
  const trades = async (userId = app.user.id) => t!.app.deps.repos.portfolio.transactions(userId);
  return { ...app, rest, trades };
}

const buyBody = { symbol: "MSFT", quantity: 10, purchasePrice: 400 };

describe("Idempotency-Key on the REST door", () => {
  it("answers a repeated buy with the stored answer and its status, and trades once", async () => {
    const { rest, trades } = await setUp();
    const first = await rest("POST", "/portfolio", buyBody, '"buy-msft-1"');
    const again = await rest("POST", "/portfolio", buyBody, '"buy-msft-1"');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await trades()).toHaveLength(1);
    expect((await rest("GET", "/portfolio")).body).toMatchObject([{ quantity: 10 }]);
  });

  it("takes the key as a structured-header string or a bare token, the same key either way", async () => {
    const { rest, trades } = await setUp();
    await rest("POST", "/portfolio", buyBody, '"order-7"');
    const bare = await rest("POST", "/portfolio", buyBody, "order-7");
    expect(bare.headers["idempotent-replayed"]).toBe("true");
    expect(await trades()).toHaveLength(1);
  });

  it("refuses the same key with a different body with a 422 and writes nothing", async () => {
    const { rest, trades } = await setUp();
    await rest("POST", "/portfolio", buyBody, "k-1");
    const other = await rest("POST", "/portfolio", { ...buyBody, quantity: 11 }, "k-1");
    expect(other.status).toBe(422);
    expect(other.body?.message).toBe(idempotencyMessages.keyReused);
    const elsewhere = await rest("POST", "/portfolio/1/sell", { quantity: 1 }, "k-1");
    expect(elsewhere.status).toBe(422);
    expect(await trades()).toHaveLength(1);
  });

  it("gives 20 concurrent requests with one key one trade and 20 identical answers", async () => {
    const { rest, trades } = await setUp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => rest("POST", "/portfolio", buyBody, "burst")),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(await trades()).toHaveLength(1);
  });

  it("answers 409 while the first request with the key is still in flight, then its answer", async () => {
    const gate = gatedMarket();
    const { rest, trades } = await setUp({ market: gate.market, idempotency: { waitMs: 150 } });
    gate.hold();
    const first = rest("POST", "/portfolio", buyBody, "slow");
    await gate.reached();
    const duplicate = await rest("POST", "/portfolio", buyBody, "slow");
    expect(duplicate.status).toBe(409);
    expect(duplicate.body?.message).toBe(idempotencyMessages.stillInProgress);
    gate.release();
    expect((await first).status).toBe(200);
    const later = await rest("POST", "/portfolio", buyBody, "slow");
    expect(later.body).toEqual((await first).body);
    expect(await trades()).toHaveLength(1);
  });

  it("keeps the key while a slow first request runs past its lease, by renewing it", async () => {
    const gate = gatedMarket();
    const { rest, trades } = await setUp({
      market: gate.market,
      clock: systemClock,
      idempotency: { waitMs: 100, leaseMs: 150 },
    });
    gate.hold();
    const first = rest("POST", "/portfolio", buyBody, "long-running");
    await gate.reached();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Twice the lease has passed; the first request is alive and still holds the key.
    const duplicate = await rest("POST", "/portfolio", buyBody, "long-running");
    expect(duplicate.status).toBe(409);
    gate.release();
    expect((await first).status).toBe(200);
    expect(await trades()).toHaveLength(1);
  });

  it("replays a refused sell as refused, even after the holding grew", async () => {
    const { rest, trades } = await setUp();
    const bought = await rest("POST", "/portfolio", buyBody);
    const id = (bought.body?.position as { id: number }).id;
    const oversell = await rest("POST", `/portfolio/${id}/sell`, { quantity: 15 }, "sell-15");
    expect(oversell.status).toBe(400);
    expect(oversell.body?.message).toBe(portfolioMessages.invalidSellQuantity);
    await rest("POST", "/portfolio", buyBody);
    const again = await rest("POST", `/portfolio/${id}/sell`, { quantity: 15 }, "sell-15");
    expect(again.status).toBe(400);
    expect(again.body).toEqual(oversell.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect((await trades()).filter((row) => row.transactionType === "SELL")).toHaveLength(0);
  });

  it("does not store a provider fault: a retry with the same key runs and trades once", async () => {
    const gate = gatedMarket();
    const { rest, trades } = await setUp({ market: gate.market });
    gate.failOnce();
    const failed = await rest("POST", "/portfolio", buyBody, "retry-me");
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const retried = await rest("POST", "/portfolio", buyBody, "retry-me");
    expect(retried.status).toBe(200);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
    expect(await trades()).toHaveLength(1);
  });

  it("never trades twice when the first attempt committed but died before answering", async () => {
    const { rest, trades } = await setUp();
    const first = await rest("POST", "/portfolio", buyBody, "crash");
    // What a process killed between the trade's commit and storing the answer leaves behind:
    // the key still in flight, its lease run out.
    await t!.sql(
      "UPDATE idempotency_keys SET state = 'in_flight', locked_until = 0, response_status = NULL, response_body = NULL WHERE key = 'crash'",
    );
    const retry = await rest("POST", "/portfolio", buyBody, "crash");
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await trades()).toHaveLength(1);
  });

  it("scopes keys to the user: another user's identical key is a request of its own", async () => {
    const { rest, trades } = await setUp();
    const other = await signIn(t!);
    await rest("POST", "/portfolio", buyBody, "shared-key");
    const theirs = await rest("POST", "/portfolio", buyBody, "shared-key", other.token);
    expect(theirs.status).toBe(200);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(await trades(other.user.id)).toHaveLength(1);
  });

  it("lets a key be used afresh after 24 hours", async () => {
    const clock = new TestClock();
    const { rest, trades, user } = await setUp({ clock });
    await rest("POST", "/portfolio", buyBody, "daily");
    clock.advance(24 * 60 * 60 * 1000 + 1);
    // The session has ended by then; sign in again as the same user.
    const login = await t!.request("POST", "/api/auth/login", {
      body: { email: user.email, password: user.password },
    });
    const token = login.body?.token as string;
    const later = await rest("POST", "/portfolio", buyBody, "daily", token);
    expect(later.headers["idempotent-replayed"]).toBeUndefined();
    expect(await trades()).toHaveLength(2);
  });

  it("refuses a malformed key with a 400 and writes nothing", async () => {
    const { rest, trades } = await setUp();
    for (const key of ["", "x".repeat(256), "tab\there", '"unterminated']) {
      const answer = await rest("POST", "/portfolio", buyBody, key);
      expect(answer.status, JSON.stringify(key)).toBe(400);
      expect(answer.body?.message).toBe(idempotencyMessages.invalidKey);
    }
    expect(await trades()).toHaveLength(0);
  });

  it("makes watchlist, account and admin writes idempotent too", async () => {
    const { rest } = await setUp();
    const saved = await rest("POST", "/savedstocks/AAPL", {}, "save-aapl");
    const removed = await rest("DELETE", "/savedstocks/AAPL", undefined, "remove-aapl");
    const removedAgain = await rest("DELETE", "/savedstocks/AAPL", undefined, "remove-aapl");
    expect(saved.status).toBe(200);
    expect(removed.status).toBe(200);
    // Without the key this second removal would be a 404 (not in the watchlist any more).
    expect(removedAgain.status).toBe(200);
    expect(removedAgain.body).toEqual(removed.body);

    const admin = await t!.createAdmin();
    const victim = await t!.registerUser();
    const deleted = await rest("DELETE", `/users/${victim.id}`, undefined, "del", admin.token);
    const deletedAgain = await rest("DELETE", `/users/${victim.id}`, undefined, "del", admin.token);
    expect(deleted.status).toBe(200);
    expect(deletedAgain.status).toBe(200);
    expect(deletedAgain.headers["idempotent-replayed"]).toBe("true");
  });

  it("ignores the header on reads and on requests that are not signed in", async () => {
    const { rest } = await setUp();
    const read = await rest("GET", "/portfolio", undefined, "read-key");
    expect(read.status).toBe(200);
    expect(read.headers["idempotent-replayed"]).toBeUndefined();
    const anonymous = await t!.request("POST", "/api/portfolio", {
      body: buyBody,
      headers: { "idempotency-key": "anon" },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("Idempotency-Key across processes of one database", () => {
  it("answers a duplicate on another process with the first process's answer", async () => {
    const gate = gatedMarket();
    const { rest, trades, token } = await setUp({ market: gate.market });
    const second = await startTestApp({
      env: { DATABASE_URL: t!.env.DATABASE_URL },
      market: pinnedOpenMarket(),
    });
    try {
      gate.hold();
      const first = rest("POST", "/portfolio", buyBody, "two-processes");
      await gate.reached();
      const keys = second.app.deps.repos.idempotencyKeys;
      const claim = keys.claim.bind(keys);
      let waits!: () => void;
      const duplicateWaits = new Promise<void>((resolve) => (waits = resolve));
      vi.spyOn(keys, "claim").mockImplementation(async (request) => {
        const claimed = await claim(request);
        if (claimed.kind === "in_flight") waits();
        return claimed;
      });
      const duplicate = second.request("POST", "/api/portfolio", {
        token,
        body: buyBody,
        headers: { "idempotency-key": "two-processes" },
      });
      // Released while the duplicate on the other process waits for the first's answer.
      await duplicateWaits;
      gate.release();
      const [a, b] = await Promise.all([first, duplicate]);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(b.body).toEqual(a.body);
      expect(b.headers["idempotent-replayed"]).toBe("true");
      expect(await trades()).toHaveLength(1);
    } finally {
      await second.app.close();
    }
  });
});
