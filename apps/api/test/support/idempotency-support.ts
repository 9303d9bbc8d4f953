import type { MarketService } from "@ledgerline/market";
import { pinnedOpenMarket } from "./portfolio-support";

/**
 * The pinned open market, with stock snapshots that can be held back: a request that reads a
 * price stays in flight until the test lets it go (or fails it once, like a provider fault).
 */
export function gatedMarket() {
  const market = pinnedOpenMarket();
  let gate: Promise<void> | undefined;
  let open: (() => void) | undefined;
  let reached: Promise<void> = Promise.resolve();
  let arrive: (() => void) | undefined;
  let failNext = false;
  const stocks = new Proxy(market.stocks, {
    get(target, property, receiver) {
      if (property !== "getSnapshot") return Reflect.get(target, property, receiver) as unknown;
      return async (symbol: string) => {
        arrive?.();
        await gate;
        if (failNext) {
          failNext = false;
          throw new Error("provider fault");
        }
        return target.getSnapshot(symbol);
      };
    },
  });
  return {
    market: { ...market, stocks } satisfies MarketService,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
      reached = new Promise((resolve) => (arrive = resolve));
    },
    /** Resolves once a request is held at the gate (so it has claimed its idempotency key). */
    reached: () => reached,
    release() {
      open?.();
      gate = undefined;
      arrive = undefined;
    },
    failOnce() {
      failNext = true;
    },
  };
}
