import DataLoader from "dataloader";
import type { Clock } from "@ledgerline/clock";
import { MarketDataError } from "../errors";
import type { StockMarketProvider, TickerSnapshot } from "../providers/types";
import type { ProviderGateway } from "./provider-gateway";

/**
 * Merges snapshot requests made within `windowMs` of each other into one upstream call (the
 * multi-ticker snapshot), up to the provider's batch size. A batch of one uses the single-ticker
 * call. Deduplication across time is the cache's and single-flight's job, not this one's.
 */
export class SnapshotBatcher {
  private readonly loader: DataLoader<string, TickerSnapshot>;

  constructor(
    provider: StockMarketProvider,
    gateway: ProviderGateway,
    clock: Clock,
    windowMs: number,
  ) {
    this.loader = new DataLoader<string, TickerSnapshot>(
      async (tickers) => {
        if (tickers.length === 1) {
          const ticker = tickers[0]!;
          try {
            return [await gateway.call("snapshot", () => provider.getSnapshot(ticker))];
          } catch (error) {
            return [error as Error];
          }
        }
        const snapshots = await gateway.call("snapshot", () => provider.getSnapshots(tickers));
        const byTicker = new Map(snapshots.map((snapshot) => [snapshot.ticker, snapshot]));
        return tickers.map(
          (ticker) =>
            byTicker.get(ticker) ??
            new MarketDataError("snapshot", "not_found", {
              detail: `no snapshot for ${ticker} in the batch answer`,
            }),
        );
      },
      {
        cache: false,
        maxBatchSize: provider.maxBatchSize,
        // The window runs on the injected clock so that simulated time drives it too.
        ...(windowMs > 0
          ? { batchScheduleFn: (callback: () => void) => void clock.setTimeout(callback, windowMs) }
          : {}),
      },
    );
  }

  load(ticker: string): Promise<TickerSnapshot> {
    return this.loader.load(ticker);
  }
}
