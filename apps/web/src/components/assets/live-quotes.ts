import type { CryptoQuote, PriceTickView, SavedStock, StockSnapshot } from "@ledgerline/contracts";
import { LIVE_SYMBOLS_LIMIT } from "@ledgerline/contracts/browser";
import { notifyManager, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { firstPaint } from "../../lib/first-paint";
import { trpc } from "../../lib/trpc";
import { repriceSummary } from "../portfolio/reprice-summary";
import { tickBatches } from "./tick-batches";

/**
 * Live prices for the screens: the symbols a screen shows are subscribed over SSE, and each tick
 * is written into the TanStack Query cache where the screens' polled queries keep their quotes,
 * so every card, list and total re-renders from the one cache as if a poll had answered. The
 * polling stays on underneath: while the stream is down the screens simply keep polling.
 * Ticks are written at most once a second, all together (the newest per symbol), so a page of
 * many moving symbols repaints once a second rather than once per tick.
 */

export type LiveStatus = "live" | "delayed";

const statusListeners = new Set<() => void>();
let openStreams = 0;
let deliveringStreams = 0;
function setCounts(open: number, delivering: number) {
  openStreams = open;
  deliveringStreams = delivering;
  for (const listener of statusListeners) listener();
}

/** 'live' while every open stream delivers, 'delayed' when prices come from polling. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => (openStreams > 0 && deliveringStreams === openStreams ? "live" : "delayed"),
    // A prerendered loading layout (scripts/prerender.mjs): no stream is open yet.
    () => "delayed",
  );
}

/**
 * Writes a batch of ticks into the cache: each symbol's own quote, and each list and the
 * portfolio summary once for the whole batch, so a list's query is replaced (and compared by its
 * observers) once a batch rather than once per symbol in it.
 */
export function writeTicks(queryClient: QueryClient, ticks: readonly PriceTickView[]) {
  queryClient.setQueryData(trpc.portfolioSummary.get.queryKey(), (summary) => {
    if (!summary) return summary;
    const repriced = repriceSummary(
      summary,
      ticks.map((tick) => ({
        assetType: tick.assetType,
        symbol: tick.symbol,
        price: tick.quote.price,
        change: tick.quote.change,
        at: new Date(tick.at).toISOString(),
      })),
    );
    // Nothing held moved: the cached summary is left alone and its screen is not told.
    return repriced === summary ? undefined : repriced;
  });
  const coins = new Map<string, CryptoQuote>();
  const stocks = new Map<string, StockSnapshot>();
  for (const tick of ticks) {
    if (tick.assetType === "CRYPTO") {
      const quote: CryptoQuote = tick.quote;
      coins.set(tick.symbol, quote);
      queryClient.setQueryData(trpc.crypto.quote.queryKey({ symbol: tick.symbol }), (old) =>
        old ? { ...old, ...quote } : quote,
      );
    } else {
      const snapshot: StockSnapshot = tick.quote;
      stocks.set(tick.symbol, snapshot);
      queryClient.setQueryData(trpc.market.snapshot.queryKey({ symbol: tick.symbol }), (old) =>
        old ? { ...old, ...snapshot } : snapshot,
      );
    }
  }
  if (coins.size > 0) {
    queryClient.setQueryData(trpc.cryptoWatchlist.list.queryKey(), (list) =>
      list?.map((item) => {
        const quote = coins.get(item.symbol);
        return quote ? { ...item, ...quote } : item;
      }),
    );
  }
  if (stocks.size > 0) {
    queryClient.setQueryData(trpc.watchlist.list.queryKey(), (list) =>
      list?.map((item: SavedStock): SavedStock => {
        const snapshot = stocks.get(item.symbol);
        return snapshot ? { ...item, stale: false, snapshot } : item;
      }),
    );
  }
}

/** How often at most the cache (and so the screen) takes in the ticks that arrived. */
export const LIVE_REPAINT_MS = 1000;

const queueTick = tickBatches<{ queryClient: QueryClient; tick: PriceTickView }>(
  ({ tick }) => `${tick.assetType}:${tick.symbol}`,
  (ticks) => {
    // One notification of the queries' observers for all of them: one render.
    const byClient = new Map<QueryClient, PriceTickView[]>();
    for (const { queryClient, tick } of ticks) {
      byClient.set(queryClient, [...(byClient.get(queryClient) ?? []), tick]);
    }
    notifyManager.batch(() => {
      for (const [queryClient, batch] of byClient) writeTicks(queryClient, batch);
    });
  },
  LIVE_REPAINT_MS,
);

/**
 * Subscribes to these symbols' live prices while the calling screen is mounted: at most
 * LIVE_SYMBOLS_LIMIT of them (the server's limit per user); any others keep polling.
 */
export function useLiveQuotes({
  stocks = [],
  crypto = [],
}: {
  stocks?: readonly string[];
  crypto?: readonly string[];
}) {
  const queryClient = useQueryClient();
  const liveStocks = [...new Set(stocks)].sort().slice(0, LIVE_SYMBOLS_LIMIT);
  const liveCrypto = [...new Set(crypto)].sort().slice(0, LIVE_SYMBOLS_LIMIT - liveStocks.length);
  const key = `${liveStocks.join(",")}|${liveCrypto.join(",")}`;
  useEffect(() => {
    if (key === "|") return;
    const [stockList = "", cryptoList = ""] = key.split("|");
    let delivering = false;
    let stopped = false;
    let unsubscribe = () => {};
    setCounts(openStreams + 1, deliveringStreams);
    const markDelivering = (now: boolean) => {
      if (now === delivering) return;
      delivering = now;
      setCounts(openStreams, deliveringStreams + (now ? 1 : -1));
    };
    // The stream opens once the page has painted (../../lib/first-paint).
    void firstPaint
      .then(() => import("../../lib/live-client"))
      .then(({ liveClient }) => {
        if (stopped) return;
        const subscription = liveClient.live.quotes.subscribe(
          {
            stocks: stockList ? stockList.split(",") : [],
            crypto: cryptoList ? cryptoList.split(",") : [],
          },
          {
            onData: ({ data }) => {
              markDelivering(true);
              queueTick({ queryClient, tick: data });
            },
            onConnectionStateChange: (state) => {
              if (state.state !== "pending") markDelivering(false);
            },
            onError: () => markDelivering(false),
          },
        );
        unsubscribe = () => subscription.unsubscribe();
      });
    return () => {
      stopped = true;
      unsubscribe();
      markDelivering(false);
      setCounts(openStreams - 1, deliveringStreams);
    };
  }, [key, queryClient]);
}
