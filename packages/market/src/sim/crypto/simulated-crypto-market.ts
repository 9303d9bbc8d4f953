import type { CryptoCurrency } from "@ledgerline/contracts";
import { systemClock, type Clock } from "../../clock";
import { decimalFromScaled, type Decimal } from "../../decimal";
import { MarketDataError } from "../../errors";
import type { Crypto24hStats, CryptoMarketProvider } from "../../providers/types";
import { KeyedRandom } from "../random";
import { DEFAULT_SIM_SEED } from "../stocks/simulated-stock-market";
import { simCoins } from "./coins";
import { CryptoMarketFactor, CryptoPriceModel } from "./crypto-price-model";

export interface SimulatedCryptoOptions {
  seed?: string;
  clock?: Clock;
}

/** The simulated crypto market: prices move every minute, day and night. */
export class SimulatedCryptoMarket implements CryptoMarketProvider {
  readonly id: string;
  readonly simulated = true;
  private readonly clock: Clock;
  private readonly models: Map<string, CryptoPriceModel>;

  constructor(options: SimulatedCryptoOptions = {}) {
    const seed = options.seed ?? DEFAULT_SIM_SEED;
    this.id = `sim:${seed}`;
    this.clock = options.clock ?? systemClock;
    const random = new KeyedRandom(seed);
    const market = new CryptoMarketFactor(random);
    this.models = new Map(
      simCoins.map((coin) => [coin.symbol, new CryptoPriceModel(random, coin, market)]),
    );
  }

  private model(symbol: string): CryptoPriceModel {
    const model = this.models.get(symbol);
    if (!model)
      throw new MarketDataError("crypto_quote", "not_found", {
        detail: `${symbol} is not in the simulated market`,
      });
    return model;
  }

  async getSpotPrice(symbol: string): Promise<Decimal> {
    const model = this.model(symbol);
    return decimalFromScaled(model.priceAt(this.clock.now()), model.coin.decimals);
  }

  async get24hStats(symbol: string): Promise<Crypto24hStats> {
    const model = this.model(symbol);
    const stats = model.statsAt(this.clock.now());
    const decimals = model.coin.decimals;
    return {
      open: decimalFromScaled(stats.open, decimals),
      high: decimalFromScaled(stats.high, decimals),
      low: decimalFromScaled(stats.low, decimals),
      last: decimalFromScaled(stats.last, decimals),
      volume: stats.volume,
    };
  }

  async listCurrencies(): Promise<CryptoCurrency[]> {
    return simCoins.map((coin) => ({ id: coin.symbol, name: coin.name }));
  }
}
