import type { CryptoCurrency, HistoricalBar } from "@ledgerline/contracts";
import { dayNumber } from "../../calendar/dates";
import { systemClock, type Clock } from "@ledgerline/clock";
import { fromScaled, type Decimal } from "@ledgerline/money";
import { MarketDataError } from "../../errors";
import type {
  Crypto24hStats,
  CryptoCandlesQuery,
  CryptoMarketProvider,
} from "../../providers/types";
import { KeyedRandom } from "../random";
import { slices } from "../slices";
import { DEFAULT_SIM_SEED, simProviderId } from "../stocks/simulated-stock-market";
import { simCoins } from "./coins";
import { CryptoMarketFactor, CryptoPriceModel } from "./crypto-price-model";

const MS_PER_DAY = 86_400_000;

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
    this.id = simProviderId(seed);
    this.clock = options.clock ?? systemClock;
    const random = new KeyedRandom(seed);
    const market = new CryptoMarketFactor(random);
    this.models = new Map(
      simCoins.map((coin) => [coin.symbol, new CryptoPriceModel(random, coin, market)]),
    );
  }

  private model(symbol: string, operation: "crypto_quote" | "bars" = "crypto_quote") {
    const model = this.models.get(symbol);
    if (!model)
      throw new MarketDataError(operation, "not_found", {
        detail: `${symbol} is not in the simulated market`,
      });
    return model;
  }

  async getSpotPrice(symbol: string): Promise<Decimal> {
    const model = this.model(symbol);
    return fromScaled(model.priceAt(this.clock.now()), model.coin.decimals);
  }

  async get24hStats(symbol: string): Promise<Crypto24hStats> {
    const model = this.model(symbol);
    const stats = model.statsAt(this.clock.now());
    const decimals = model.coin.decimals;
    return {
      open: fromScaled(stats.open, decimals),
      high: fromScaled(stats.high, decimals),
      low: fromScaled(stats.low, decimals),
      last: fromScaled(stats.last, decimals),
      volume: stats.volume,
    };
  }

  async listCurrencies(): Promise<CryptoCurrency[]> {
    return simCoins.map((coin) => ({ id: coin.symbol, name: coin.name }));
  }

  /** Every UTC day from `from` to `to` that has begun, today's candle being the day so far. */
  async getDailyCandles(query: CryptoCandlesQuery): Promise<HistoricalBar[]> {
    const model = this.model(query.symbol, "bars");
    const now = this.clock.now();
    const decimals = model.coin.decimals;
    const bars: HistoricalBar[] = [];
    const slice = slices();
    for (let day = dayNumber(query.from); day <= dayNumber(query.to); day++) {
      await slice();
      const start = day * MS_PER_DAY;
      if (start > now) break;
      const running = now < start + MS_PER_DAY;
      const candle = model.candleAt(start, running ? now : undefined);
      bars.push({
        date: new Date(start).toISOString().slice(0, 10),
        t: start,
        o: fromScaled(candle.open, decimals),
        h: fromScaled(candle.high, decimals),
        l: fromScaled(candle.low, decimals),
        c: fromScaled(candle.close, decimals),
        v: candle.volume,
      });
    }
    return bars;
  }
}
