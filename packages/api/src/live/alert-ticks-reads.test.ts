import { systemClock } from "@ledgerline/clock";
import type { Alert, Repositories } from "@ledgerline/db";
import type { PriceTicks } from "@ledgerline/market";
import type { Logger } from "../platform/logger";
import { describe, expect, it } from "vitest";
import type { AlertEvaluator } from "./alert-evaluator";
import { watchAlertTicks } from "./alert-ticks";
import type { Signals } from "../platform/shared-state";

const btcAlert = { id: 1, assetType: "CRYPTO", symbol: "BTC", state: "armed" } as Alert;

/** A full reload whose answer the test releases, and a symbol read that answers at once. */
function watchedWithSlowFullReload() {
  let releaseFullReload: (alerts: Alert[]) => void = () => {};
  let signal: (message: string) => void = () => {};
  const subscribed: string[] = [];
  const unsubscribed: string[] = [];
  const repos = {
    alerts: {
      watchable: () => new Promise<Alert[]>((resolve) => (releaseFullReload = resolve)),
      forSymbol: () => Promise.resolve([btcAlert]),
    },
  } as unknown as Repositories;
  const priceTicks = {
    subscribe: (instruments: readonly { symbol: string }[]) => {
      const symbol = instruments[0]!.symbol;
      subscribed.push(symbol);
      return () => unsubscribed.push(symbol);
    },
  } as unknown as PriceTicks;
  const signals: Signals = {
    publish: () => Promise.resolve(),
    subscribe: (_channel, handler) => {
      signal = handler;
      return () => {};
    },
    ready: () => Promise.resolve(),
  };
  const stop = watchAlertTicks({
    repos,
    priceTicks,
    signals,
    evaluator: {} as AlertEvaluator,
    clock: systemClock,
    logger: { warn: () => {} } as unknown as Logger,
  });
  return { stop, subscribed, unsubscribed, signal: (m: string) => signal(m), releaseFullReload };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the live-tick alert watcher's reads", () => {
  it("keeps a symbol that a newer read added when an older full reload answers without it", async () => {
    const watcher = watchedWithSlowFullReload();
    // The full reload started at start-up; an alert is created while it is still reading.
    watcher.signal("CRYPTO:BTC");
    await tick();
    expect(watcher.subscribed).toEqual(["BTC"]);

    watcher.releaseFullReload([]);
    await tick();
    expect(watcher.unsubscribed).toEqual([]);
    watcher.stop();
  });
});
