import { m } from "@ledgerline/messages";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { formatDateTime } from "../../lib/format";
import { useOnline } from "../../lib/offline/connectivity";
import { figuresAsOf } from "../../lib/offline/kept-reads";

/** Over the signed-in pages while offline: the figures shown are the last loaded, as of when. */
export function OfflineBanner() {
  const online = useOnline();
  const queryCache = useQueryClient().getQueryCache();
  const asOf = useSyncExternalStore(
    useCallback((listener) => queryCache.subscribe(listener), [queryCache]),
    () => figuresAsOf(queryCache.getAll()),
  );
  if (online) return null;
  return (
    <p
      role="status"
      className="mb-6 rounded-md border border-warn bg-warn-bg px-4 py-2 text-sm font-medium text-warn"
    >
      {asOf === undefined
        ? m.offline_offline()
        : m.offline_figures_as_of({ time: formatDateTime(new Date(asOf).toISOString()) })}
    </p>
  );
}
