import { HISTORY_UPDATE_POLL_MS } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { formatCalendarDate } from "../../lib/format";
import { queryClient as appQueryClient } from "../../lib/query-client";
import { trpc } from "../../lib/trpc";
import { unbatchedTrpc } from "../../lib/trpc-unbatched";
import { Alert } from "../ui/Alert";

/** What a finished recompute changes: the portfolio's figures, history, returns and insights. */
const restatedReads = () => [
  trpc.portfolioSummary.pathFilter(),
  trpc.portfolio.pathFilter(),
  trpc.cryptoPortfolio.pathFilter(),
  trpc.insights.pathFilter(),
  trpc.targets.pathFilter(),
];

/**
 * What a change made elsewhere (the API, another tab) leaves stale when the next screen learns of
 * it: the value and positions, which the server answers at once with the change, while the
 * history-bound reads answer from the stored days until the recompute ends either way.
 */
const changedReads = () => [
  trpc.portfolioSummary.get.pathFilter(),
  trpc.portfolio.list.pathFilter(),
  trpc.cryptoPortfolio.list.pathFilter(),
];

/**
 * "Updating history from <date>..." while the user's daily history is recomputed after a
 * back-dated change. When a screen learns an update began (its cached answer said none), the
 * value and positions it showed from the cache are read again at once, the change included;
 * when the update ends, every figure is. Asked once with the screen (and again after each trade,
 * which re-reads the portfolio summary's queries), then every second only while the banner shows:
 * there is no per-user event stream to say it ended.
 */
export function HistoryUpdating() {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    // Alone: batched with the screen's other reads, it would wait for the recompute it reports.
    ...unbatchedTrpc.portfolioSummary.historyUpdate.queryOptions(),
    // Asked again by each screen that shows it: a trade made elsewhere (the API, another tab)
    // is seen on the next screen opened.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.updating ? HISTORY_UPDATE_POLL_MS : false),
  });
  const updating = data?.updating;
  // undefined until a first answer: a screen's first answer changes nothing it shows.
  const before = useRef(updating);
  useEffect(() => {
    const was = before.current;
    before.current = updating;
    if (was === undefined || updating === undefined || was === updating) return;
    if (updating) {
      // A read the screen's opening already sent (after the change) is not sent twice.
      for (const filter of changedReads()) {
        void queryClient.invalidateQueries(filter, { cancelRefetch: false });
      }
    } else {
      for (const filter of restatedReads()) void queryClient.invalidateQueries(filter);
    }
  }, [updating, queryClient]);
  if (!data?.updating || !data.from) return null;
  return (
    <Alert tone="info">
      {m.portfolio_history_updating({ date: formatCalendarDate(data.from) })}
    </Alert>
  );
}

/**
 * The banner in a page's loading layout. That layout is also drawn before the signed-in layout has
 * mounted its query cache's provider (a first load shows it as that layout's own loading state,
 * and the build prerenders it with no provider at all), so it names the app's cache itself.
 */
export function HistoryUpdatingWhileLoading() {
  return (
    <QueryClientProvider client={appQueryClient}>
      <HistoryUpdating />
    </QueryClientProvider>
  );
}
