import { fixedClock } from "@ledgerline/clock";
import { SimulatedCryptoMarket } from "../../src/sim/crypto/simulated-crypto-market";
import { SimulatedStockMarket } from "../../src/sim/stocks/simulated-stock-market";

/** The simulated stock market pinned at `at`, with the default seed unless given. */
export function simAt(at: Date, seed?: string): SimulatedStockMarket {
  return new SimulatedStockMarket({ clock: fixedClock(at), ...(seed ? { seed } : {}) });
}

export function cryptoAt(at: Date, seed?: string): SimulatedCryptoMarket {
  return new SimulatedCryptoMarket({ clock: fixedClock(at), ...(seed ? { seed } : {}) });
}
