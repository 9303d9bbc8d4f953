import { sessionInProgress } from "../calendar/nyse-calendar";
import type { Clock, TimerHandle } from "@ledgerline/clock";
import type { CryptoMarketService } from "./crypto-market-service";
import type { RefreshReport, StockMarketService } from "./stock-market-service";

export interface WatchedSymbols {
  stocks: readonly string[];
  crypto: readonly string[];
}

export interface MarketRefresherOptions {
  /** The symbols to keep fresh, e.g. every symbol in any watchlist or portfolio. */
  watched: () => WatchedSymbols | Promise<WatchedSymbols>;
  /** Stock refresh period during the session; below the quote freshness. Default 30 s. */
  stockIntervalMs?: number;
  /** Stock refresh period while the market is closed (prices stand still). Default 5 min. */
  closedStockIntervalMs?: number;
  /** Crypto refresh period; below the crypto quote freshness. Default 10 s. */
  cryptoIntervalMs?: number;
  /** Also keep warm what users asked for within this window. Default 10 min; 0 turns it off. */
  recentlyRequestedMs?: number;
  /** Keep the movers fresh too. Default true. */
  refreshMovers?: boolean;
  onError?: (error: unknown) => void;
  onCycle?: (cycle: { kind: "stocks" | "crypto"; symbols: number; report: RefreshReport }) => void;
}

/**
 * Keeps watched symbols fresh in the cache from the server side, so that client polling (every
 * 60 s for stocks, 10 s for crypto) is answered from cache and the number of upstream calls grows
 * with the number of distinct symbols, not with the number of users.
 *
 * Cycles are chained (the next is scheduled when one finishes), so a slow upstream never piles
 * up overlapping refreshes. Runs on the injected clock.
 */
export class MarketRefresher {
  private running = false;
  private readonly timers = new Set<TimerHandle>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stockIntervalMs: number;
  private readonly closedStockIntervalMs: number;
  private readonly cryptoIntervalMs: number;
  private readonly recentlyRequestedMs: number;

  constructor(
    private readonly stocks: StockMarketService,
    private readonly crypto: CryptoMarketService,
    private readonly clock: Clock,
    private readonly options: MarketRefresherOptions,
  ) {
    this.stockIntervalMs = options.stockIntervalMs ?? 30_000;
    this.closedStockIntervalMs = options.closedStockIntervalMs ?? 5 * 60_000;
    this.cryptoIntervalMs = options.cryptoIntervalMs ?? 10_000;
    this.recentlyRequestedMs = options.recentlyRequestedMs ?? 10 * 60_000;
  }

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(
      () => this.refreshStocks(),
      0,
      () => this.stockInterval(),
    );
    this.schedule(
      () => this.refreshCrypto(),
      0,
      () => this.cryptoIntervalMs,
    );
  }

  /** Stops scheduling and waits for a cycle in progress to finish. */
  async stop(): Promise<void> {
    this.running = false;
    for (const timer of this.timers) this.clock.clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private stockInterval(): number {
    return sessionInProgress(this.clock.now()) ? this.stockIntervalMs : this.closedStockIntervalMs;
  }

  private schedule(cycle: () => Promise<unknown>, delayMs: number, nextDelay: () => number): void {
    const timer = this.clock.setTimeout(() => {
      this.timers.delete(timer);
      if (!this.running) return;
      const run = (async () => {
        try {
          await cycle();
        } catch (error) {
          this.options.onError?.(error);
        }
      })();
      this.inFlight.add(run);
      void run.finally(() => {
        this.inFlight.delete(run);
        if (this.running) this.schedule(cycle, nextDelay(), nextDelay);
      });
    }, delayMs);
    this.timers.add(timer);
  }

  private async watched(): Promise<WatchedSymbols> {
    return this.options.watched();
  }

  /** One stock cycle now: watched and recently requested snapshots, plus the movers. */
  async refreshStocks(): Promise<RefreshReport> {
    const watched = await this.watched();
    const recent =
      this.recentlyRequestedMs > 0 ? this.stocks.recentlyRequested(this.recentlyRequestedMs) : [];
    const symbols = [
      ...new Set([...watched.stocks.map((symbol) => symbol.toUpperCase()), ...recent]),
    ];
    const [report] = await Promise.all([
      this.stocks.refreshSnapshots(symbols),
      this.options.refreshMovers === false
        ? undefined
        : this.stocks
            .getMarketMovers({ force: true })
            .catch((error: unknown) => this.options.onError?.(error)),
    ]);
    this.options.onCycle?.({ kind: "stocks", symbols: symbols.length, report });
    return report;
  }

  /** One crypto cycle now. */
  async refreshCrypto(): Promise<RefreshReport> {
    const watched = await this.watched();
    const recent =
      this.recentlyRequestedMs > 0 ? this.crypto.recentlyRequested(this.recentlyRequestedMs) : [];
    const symbols = [
      ...new Set([...watched.crypto.map((symbol) => symbol.toUpperCase()), ...recent]),
    ];
    const report = await this.crypto.refreshQuotes(symbols);
    this.options.onCycle?.({ kind: "crypto", symbols: symbols.length, report });
    return report;
  }
}
