import { dateOf } from "@ledgerline/clock";
import { alertMessages, marketMessages, MAX_ALERTS_PER_USER } from "@ledgerline/contracts";
import { divide, multiply } from "@ledgerline/money";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../src/app";
import { ALERT_MAIL_GAP_MS } from "@ledgerline/api/live/alert-evaluator";
import { cryptoMarketService, signInCrypto } from "../support/crypto-support";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp | undefined;
const others: App[] = [];
afterEach(async () => {
  for (const app of others.splice(0)) await app.close();
  await t?.close();
  t = undefined;
});

interface AlertBody {
  id: number;
  state: string;
  triggeredPrice?: string;
  triggeredAt?: string;
}

async function setUp() {
  t = await startTestApp({ market: cryptoMarketService() });
  const user = await signInCrypto(t);
  const price = await user.quotePrice("BTC");
  const app = t;
  const create = (body: Record<string, unknown>, token = user.token) =>
    app.request("POST", "/api/alerts", { token, body: { assetType: "CRYPTO", ...body } });
  const notifications = async (token = user.token) =>
    (await app.request("GET", "/api/notifications", { token })).body as unknown as {
      id: number;
      message: string;
      alertId?: number;
      readAt?: string;
    }[];
  const mails = () =>
    app.sql<{ subject: string; body_text: string }>(
      "SELECT subject, body_text FROM mail_outbox WHERE to_address = ? AND subject = ?",
      [user.user.email, "Ledgerline price alert"],
    );
  const alerts = async (token = user.token) =>
    (await app.request("GET", "/api/alerts", { token })).body as unknown as AlertBody[];
  return { t, user, price, create, notifications, mails, alerts };
}

/** An alert made straight in the database (no check on creation) that today's price crosses. */
async function crossedWhileAway() {
  const set = await setUp();
  const { t, user, price } = set;
  await t.app.deps.repos.alerts.create(
    user.user.id,
    {
      symbol: "BTC",
      assetType: "CRYPTO",
      condition: "above",
      value: divide(price, "2", 8),
      note: null,
      repeat: "once",
    },
    MAX_ALERTS_PER_USER,
    dateOf(t.clock),
  );
  return set;
}

/** Another API process on the same database, as a second replica would be. */
async function secondProcess(app: TestApp): Promise<App> {
  const other = await buildApp({
    env: app.env,
    clock: app.clock,
    logger: false,
    webRoot: false,
    market: cryptoMarketService(),
    marketRefresher: false,
  });
  others.push(other);
  return other;
}

describe("price alerts", () => {
  it("fires a one-shot crossing exactly once across two processes, with one notification and one mail", async () => {
    const { t, price, create, notifications, mails, alerts } = await setUp();
    const level = multiply(price, "2");
    const created = await create({ symbol: "btc", condition: "above", value: level, note: "sell" });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      symbol: "BTC",
      value: level,
      state: "armed",
      repeat: "once",
    });
    expect(await notifications()).toEqual([]);

    const other = await secondProcess(t);
    const above = multiply(price, "2.5");
    const at = dateOf(t.clock);
    await Promise.all(
      [t.app, other, t.app, other].map((app) =>
        app.deps.alertEvaluator.onPrice("BTC", "CRYPTO", above, 1, at),
      ),
    );
    await t.app.deps.alertEvaluator.onPrice("BTC", "CRYPTO", above, 1, at);

    const [alert] = await alerts();
    expect(alert).toMatchObject({ state: "triggered", triggeredPrice: above });
    expect(alert!.triggeredAt).toBe(at.toISOString());
    const list = await notifications();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: "alert", alertId: alert!.id });
    expect(list[0]!.readAt).toBeUndefined();
    // Money as every screen writes it: a dollar sign, thousands separators and cents.
    expect(list[0]!.message).toMatch(/^BTC is at \$\d{1,3}(,\d{3})+\.\d{2}, at or above/);
    expect(list[0]!.message).toContain("Note: sell");
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body_text).toContain(`${list[0]!.message}.`);
  });

  it("fires at once when the level is already crossed as the alert is set", async () => {
    const { price, create, notifications } = await setUp();
    const created = await create({
      symbol: "BTC",
      condition: "below",
      value: multiply(price, "2"),
    });
    expect(created.body).toMatchObject({ state: "triggered", triggeredPrice: price });
    expect(await notifications()).toHaveLength(1);
  });

  it("checks alerts on the refresher's prices while the user is away", async () => {
    const { t, notifications } = await crossedWhileAway();
    await t.app.deps.alertEvaluator.evaluateAll("CRYPTO");
    expect(await notifications()).toHaveLength(1);
  });

  it("checks alerts in the job a refresh cycle queues", async () => {
    const { t, notifications } = await crossedWhileAway();
    const { jobs } = t.app.deps;
    jobs.enqueue("alerts", { check: "CRYPTO" }, { dedupKey: "CRYPTO" });
    await t.settled();
    expect(await notifications()).toHaveLength(1);
    const alerts = (await jobs.counts()).find((queue) => queue.queue === "alerts");
    expect(alerts).toMatchObject({ completed: 1, failed: 0 });
  });

  it("re-arms only after the price moves back by the margin, and mails at most once an hour", async () => {
    const { t, price, create, notifications, mails, alerts } = await setUp();
    const level = multiply(price, "2");
    await create({ symbol: "BTC", condition: "above", value: level, repeat: "rearm" });
    const evaluate = (at: string, when = dateOf(t.clock)) =>
      t.app.deps.alertEvaluator.onPrice("BTC", "CRYPTO", at, 0, when);

    await evaluate(level);
    await evaluate(multiply(level, "0.995")); // within the 1% margin: stays triggered
    await evaluate(level);
    expect(await notifications()).toHaveLength(1);

    await evaluate(multiply(level, "0.99"));
    expect((await alerts())[0]!.state).toBe("armed");
    await evaluate(level);
    expect(await notifications()).toHaveLength(2);
    expect(await mails()).toHaveLength(1);

    const hourLater = new Date(t.clock.now() + ALERT_MAIL_GAP_MS);
    await evaluate(price, hourLater);
    await evaluate(level, hourLater);
    expect(await notifications()).toHaveLength(3);
    expect(await mails()).toHaveLength(2);
  });

  it("fires a move alert on the size of the day's move either way", async () => {
    const { t, create, notifications } = await setUp();
    await create({ symbol: "BTC", condition: "move", value: "50", repeat: "rearm" });
    const evaluate = (changePercent: number) =>
      t.app.deps.alertEvaluator.onPrice("BTC", "CRYPTO", "100", changePercent, dateOf(t.clock));
    await evaluate(-49.9);
    expect(await notifications()).toHaveLength(0);
    await evaluate(-50);
    await evaluate(0);
    await evaluate(51);
    expect(await notifications()).toHaveLength(2);
  });

  it("keeps alerts and notifications to their user: another user's alert is 404", async () => {
    const { t, user, price, create, alerts, notifications } = await setUp();
    const mine = (await create({ symbol: "BTC", condition: "below", value: price }))
      .body as unknown as AlertBody;
    const stranger = await signInCrypto(t);
    expect(await alerts(stranger.token)).toEqual([]);
    expect(await notifications(stranger.token)).toEqual([]);
    const refused = await t.request("DELETE", `/api/alerts/${mine.id}`, { token: stranger.token });
    expect(refused.status).toBe(404);
    expect(refused.body?.message).toBe(alertMessages.notFound);
    const read = await t.request("POST", "/api/notifications/read", {
      token: stranger.token,
      body: { ids: [(await notifications())[0]!.id] },
    });
    expect(read.body).toEqual({ marked: 0 });
    expect(await alerts()).toHaveLength(1);

    const own = await t.request("POST", "/api/notifications/read", { token: user.token, body: {} });
    expect(own.body).toEqual({ marked: 1 });
    expect((await notifications())[0]!.readAt).toBe(dateOf(t.clock).toISOString());
  });

  it("answers bad input with a clear 400 and stores nothing", async () => {
    const { t, user, create, alerts } = await setUp();
    const cases: [Record<string, unknown>, string][] = [
      [{ symbol: "NOPE", condition: "above", value: "1" }, marketMessages.cryptocurrencyNotFound],
      [{ symbol: "BTC", condition: "above", value: "-5" }, alertMessages.notPositive],
      [{ symbol: "BTC", condition: "below", value: "0" }, alertMessages.notPositive],
      [{ symbol: "BTC", condition: "move", value: "1000.01" }, alertMessages.percentTooLarge],
      [{ symbol: "BTC", condition: "above", value: "12abc" }, "Value must be a number"],
      [
        { symbol: "BTC", condition: "above", value: 1e21 },
        "Value must be at most 1,000,000,000,000",
      ],
      [
        { symbol: "BTC", condition: "above", value: 1e308 },
        "Value must be at most 1,000,000,000,000",
      ],
      [
        { symbol: "BTC", condition: "above", value: "9".repeat(26) },
        "Value must be at most 1,000,000,000,000",
      ],
      [
        { symbol: "BTC", condition: "above", value: "0.000000000000000000001" },
        "Value can have at most 8 decimal places",
      ],
      [{ symbol: "B-T-C", condition: "above", value: "1" }, marketMessages.invalidCryptoSymbol],
      [
        { symbol: "BTC", condition: "sideways", value: "1" },
        "condition must be one of above, below, move",
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(String(answer.body?.message)).toContain(message);
    }
    const huge = { symbol: "BTC", assetType: "CRYPTO", condition: "above", value: "9".repeat(26) };
    expect((await t.trpc("mutation", "alerts.create", huge, user.token)).status).toBe(400);
    expect(await alerts()).toEqual([]);
    expect((await create({ symbol: "BTC", condition: "move", value: "1000" })).status).toBe(200);

    for (let i = 1; i < MAX_ALERTS_PER_USER; i += 1) {
      await t.app.deps.repos.alerts.create(
        user.user.id,
        {
          symbol: "ETH",
          assetType: "CRYPTO",
          condition: "above",
          value: "1000000",
          note: null,
          repeat: "once",
        },
        MAX_ALERTS_PER_USER,
        dateOf(t.clock),
      );
    }
    const over = await create({ symbol: "BTC", condition: "above", value: "1000000" });
    expect(over.status).toBe(400);
    expect(over.body?.message).toBe(alertMessages.tooMany);
    expect(await alerts()).toHaveLength(MAX_ALERTS_PER_USER);
  });

  it("keeps alerts across a restart and fires them from the new process", async () => {
    const { t, price, create } = await setUp();
    await create({ symbol: "BTC", condition: "above", value: multiply(price, "3") });
    await t.app.close();
    const restarted = await secondProcess(t);
    await restarted.deps.alertEvaluator.onPrice(
      "BTC",
      "CRYPTO",
      multiply(price, "3"),
      0,
      dateOf(t.clock),
    );
    const [row] = await restarted.database.query<{ n: number }>(
      "SELECT COUNT(*) AS n FROM notifications",
    );
    expect(Number(row!.n)).toBe(1);
  });
});
