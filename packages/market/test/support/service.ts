import {
  createMarketService,
  type MarketServiceConfig,
} from "../../src/service/create-market-service";
import type { RateLimit } from "../../src/resilience/rate-limit";
import type { UpstreamCallEvent } from "../../src/service/provider-gateway";
import { SimulatedCryptoMarket } from "../../src/sim/crypto/simulated-crypto-market";
import { SimulatedStockMarket } from "../../src/sim/stocks/simulated-stock-market";
import { createManualClock, type ManualClock } from "../../src/testing";
import { controllable, type Controllable } from "./controllable-provider";

export interface ServiceUnderTest {
  market: ReturnType<typeof createMarketService>;
  clock: ManualClock;
  stocks: Controllable<SimulatedStockMarket>;
  crypto: Controllable<SimulatedCryptoMarket>;
  upstream: UpstreamCallEvent[];
}

/** The real service over the simulated market, on a manual clock, with the providers observable. */
export function serviceAt(
  at: Date,
  config: Omit<MarketServiceConfig, "clock" | "stocks" | "crypto"> & {
    stockRateLimit?: RateLimit;
  } = {},
): ServiceUnderTest {
  const { stockRateLimit, ...rest } = config;
  const clock = createManualClock(at);
  const stocks = controllable(new SimulatedStockMarket({ clock }));
  const crypto = controllable(new SimulatedCryptoMarket({ clock }));
  const upstream: UpstreamCallEvent[] = [];
  const market = createMarketService({
    batchWindowMs: 0,
    ...rest,
    clock,
    stocks: { provider: stocks.provider, ...(stockRateLimit ? { rateLimit: stockRateLimit } : {}) },
    crypto: { provider: crypto.provider },
    onUpstreamCall: (event) => upstream.push(event),
  });
  return { market, clock, stocks, crypto, upstream };
}
