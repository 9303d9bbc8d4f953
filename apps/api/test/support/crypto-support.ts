import type { CryptoPosition, SavedCrypto, TradeResult } from "@ledgerline/contracts";
import {
  createMarketService,
  fixedClock,
  SimulatedCryptoMarket,
  type Clock,
  type CryptoMarketProvider,
  type MarketServiceConfig,
} from "@ledgerline/market";
import { MarketDataError } from "@ledgerline/market";
import { startTestApp, type TestApp, type TestAppOptions } from "./test-app";

/** A Wednesday in a regular session; crypto trades around the clock anyway. */
export const MARKET_NOW = new Date("2026-03-11T15:00:00Z");

/**
 * The simulated crypto market behind a switch: while `failing`, every call fails as an
 * unavailable provider would, so tests can watch the keep-old-data paths.
 */
export class SwitchableCryptoMarket implements CryptoMarketProvider {
  failing = false;
  private readonly inner: SimulatedCryptoMarket;
  readonly id: string;
  readonly simulated = true;

  constructor(clock: Clock) {
    this.inner = new SimulatedCryptoMarket({ clock });
    this.id = this.inner.id;
  }

  private guard(): void {
    if (this.failing) throw new MarketDataError("crypto_quote", "unavailable");
  }

  async getSpotPrice(symbol: string) {
    this.guard();
    return this.inner.getSpotPrice(symbol);
  }
  async get24hStats(symbol: string) {
    this.guard();
    return this.inner.get24hStats(symbol);
  }
  async listCurrencies() {
    this.guard();
    return this.inner.listCurrencies();
  }
  async getDailyCandles(query: Parameters<CryptoMarketProvider["getDailyCandles"]>[0]) {
    this.guard();
    return this.inner.getDailyCandles(query);
  }
}

/** The market pinned at MARKET_NOW (prices stand still), unless another clock is given. */
export function cryptoMarketService(
  options: { clock?: Clock; provider?: CryptoMarketProvider } & Pick<
    MarketServiceConfig,
    "ttls"
  > = {},
) {
  return createMarketService({
    clock: options.clock ?? fixedClock(MARKET_NOW),
    ...(options.provider ? { crypto: { provider: options.provider } } : {}),
    ...(options.ttls ? { ttls: options.ttls } : {}),
  });
}

interface TrpcAnswer<T> {
  status: number;
  data: T;
  message: string | undefined;
}

/** A signed-in user on a fresh app, with typed shortcuts to the crypto procedures. */
export async function cryptoApp(options: TestAppOptions = {}) {
  const t = await startTestApp({ market: cryptoMarketService(), ...options });
  return { t, ...(await signInCrypto(t)) };
}

export async function signInCrypto(t: TestApp) {
  const user = await t.registerUser();
  const token = user.token;

  async function call<T>(
    kind: "query" | "mutation",
    path: string,
    input?: unknown,
  ): Promise<TrpcAnswer<T>> {
    const response = await t.trpc(kind, path, input, token);
    const body = response.body as unknown as { result?: { data: T }; error?: { message: string } };
    return { status: response.status, data: body.result?.data as T, message: body.error?.message };
  }

  const rest = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown) =>
    t.request(method, url, { token, ...(body === undefined ? {} : { body }) });

  return {
    user,
    token,
    call,
    rest,
    watchlist: () => call<SavedCrypto[]>("query", "cryptoWatchlist.list"),
    save: (symbol: string, figures: Record<string, unknown> = {}) =>
      call<SavedCrypto>("mutation", "cryptoWatchlist.save", { symbol, ...figures }),
    remove: (symbol: string) =>
      call<{ message: string }>("mutation", "cryptoWatchlist.remove", { symbol }),
    positions: () => call<CryptoPosition[]>("query", "cryptoPortfolio.list"),
    buy: (input: Record<string, unknown>) =>
      call<TradeResult>("mutation", "cryptoPortfolio.buy", input),
    buyMore: (input: Record<string, unknown>) =>
      call<TradeResult>("mutation", "cryptoPortfolio.buyMore", input),
    sell: (input: Record<string, unknown>) =>
      call<TradeResult>("mutation", "cryptoPortfolio.sell", input),
    quotePrice: async (symbol: string) =>
      (await call<{ price: string }>("query", "crypto.quote", { symbol })).data.price,
  };
}

export type CryptoUser = Awaited<ReturnType<typeof signInCrypto>>;
