import {
  instrumentKey,
  type Instrument,
  type MarketService,
  type PriceTick,
} from "@ledgerline/market";
import { multiply } from "@ledgerline/money";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cryptoMarketService, signInCrypto } from "../support/crypto-support";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

/** A market whose ticks the test emits by hand, one at a time. */
function handTickedMarket() {
  const market = cryptoMarketService();
  const emitters = new Map<string, (tick: PriceTick) => void>();
  const ticked: MarketService = {
    ...market,
    ticks: {
      open(instrument: Instrument, emit: (tick: PriceTick) => void) {
        const key = instrumentKey(instrument);
        emitters.set(key, emit);
        return () => emitters.delete(key);
      },
    },
  };
  return {
    market: ticked,
    isOpen: (key: string) => emitters.has(key),
    async tick(price: string) {
      const quote = { ...(await market.crypto.liveQuote("BTC")), price };
      emitters.get("CRYPTO:BTC")?.({
        assetType: "CRYPTO",
        symbol: "BTC",
        price,
        at: Date.now(),
        quote,
      });
    },
  };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function setUp(alert: Record<string, unknown>) {
  const ticks = handTickedMarket();
  const app = await startTestApp({ market: ticks.market, alertTicks: true });
  t = app;
  const user = await signInCrypto(app);
  const price = await user.quotePrice("BTC");
  const level = multiply(price, "2");
  const created = await user.rest("POST", "/api/alerts", {
    assetType: "CRYPTO",
    symbol: "BTC",
    condition: "above",
    value: level,
    ...alert,
  });
  expect(created.status).toBe(200);
  await until(() => ticks.isOpen("CRYPTO:BTC"));
  const count = async (sql: string) =>
    Number((await app.sql<{ n: number }>(sql, [user.user.id]))[0]!.n);
  return {
    ticks,
    price,
    level,
    notifications: () => count("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?"),
    mails: () =>
      count(
        "SELECT COUNT(*) AS n FROM mail_outbox WHERE subject = 'Ledgerline price alert' AND to_address = (SELECT email FROM users WHERE id = ?)",
      ),
    state: async () =>
      ((await user.rest("GET", "/api/alerts")).body as unknown as { state: string }[])[0]!.state,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe("alerts on live ticks", () => {
  it("fires once when a tick crosses the level, with one notification and one mail", async () => {
    const { ticks, price, level, notifications, mails, state } = await setUp({});
    await ticks.tick(multiply(price, "1.5"));
    await settle();
    expect(await notifications()).toBe(0);

    await ticks.tick(multiply(level, "1.1"));
    await until(async () => (await notifications()) === 1);
    await ticks.tick(multiply(level, "1.2"));
    await ticks.tick(multiply(level, "1.3"));
    await settle();
    expect(await notifications()).toBe(1);
    expect(await mails()).toBe(1);
    expect(await state()).toBe("triggered");
    // A fired one-shot alert has nothing left to watch: its symbol's upstream is released.
    await until(() => !ticks.isOpen("CRYPTO:BTC"));
  });

  it("reads nothing from the database for ticks that cross nothing", async () => {
    const { ticks, level, notifications } = await setUp({});
    const alerts = t!.app.deps.repos.alerts;
    const trigger = vi.spyOn(alerts, "trigger");
    const reads = [
      vi.spyOn(alerts, "forSymbol"),
      vi.spyOn(alerts, "watchable"),
      trigger,
      vi.spyOn(alerts, "rearm"),
    ];
    for (let i = 0; i < 50; i += 1) await ticks.tick(multiply(level, "0.9"));
    await settle();
    for (const read of reads) expect(read).not.toHaveBeenCalled();

    await ticks.tick(level);
    await until(async () => (await notifications()) === 1);
    expect(trigger).toHaveBeenCalledTimes(1);
  });

  it("re-arms on ticks only past the 1% margin, and mails at most once an hour", async () => {
    const { ticks, level, notifications, mails, state } = await setUp({ repeat: "rearm" });
    // The market repeats a price every second; so does this test while it waits, because a
    // loaded machine can deliver a tick before the watcher has read a just-changed alert.
    const tickUntil = async (price: string, condition: () => Promise<boolean>) => {
      let last = 0;
      await until(async () => {
        if (Date.now() - last > 1000) {
          last = Date.now();
          await ticks.tick(price);
        }
        return condition();
      });
    };
    await tickUntil(level, async () => (await notifications()) === 1);
    await ticks.tick(multiply(level, "0.995"));
    await settle();
    expect(await state()).toBe("triggered");

    await tickUntil(multiply(level, "0.99"), async () => (await state()) === "armed");
    await tickUntil(level, async () => (await notifications()) === 2);
    expect(await mails()).toBe(1);
  });
});
