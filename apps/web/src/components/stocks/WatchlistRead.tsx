import { m } from "@ledgerline/messages";
import type { ReactNode } from "react";
import { LoadingPanel } from "../LoadingPanel";
import { QueryRetryPanel } from "../RouteStates";

/**
 * A stocks page's watchlist read (the dashboard's and the search area's): 'Loading Stocks' while
 * it comes, the spec's 'Failed to load stock data' with Retry when it failed, and once read the
 * page's own view of it.
 */
export function WatchlistRead<T>({
  query,
  children,
}: {
  query: { isPending: boolean; data: T | undefined; isFetching: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingPanel label={m.stocks_loading()} shape="cards" />;
  if (!query.data) return <QueryRetryPanel query={query} message={m.stocks_load_failed()} />;
  return <>{children(query.data)}</>;
}
