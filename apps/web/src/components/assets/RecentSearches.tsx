import { m } from "@ledgerline/messages";
import { History } from "lucide-react";
import { useId } from "react";
import { Button } from "../ui/Button";
import { PercentChange } from "./Change";
import type { SearchEntry } from "./search-history";

/** Up to 5 chips of recent searches, each with its percent change; a click searches again. */
export function RecentSearches({
  history,
  onSearch,
  onClear,
}: {
  history: readonly SearchEntry[];
  onSearch: (symbol: string) => void;
  onClear: () => void;
}) {
  const headingId = useId();
  if (history.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2
          id={headingId}
          className="mr-1 flex items-center gap-1.5 text-sm font-semibold text-muted"
        >
          <History aria-hidden="true" className="h-4 w-4" />
          {m.asset_recent_searches()}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {history.map((entry) => (
            <li key={entry.symbol}>
              <button
                type="button"
                onClick={() => onSearch(entry.symbol)}
                className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-sm hover:border-primary hover:bg-surface-muted"
              >
                <span className="font-semibold">{entry.symbol}</span>
                <PercentChange percent={entry.changePercent} />
              </button>
            </li>
          ))}
        </ul>
        <Button size="sm" variant="ghost" onClick={onClear}>
          {m.asset_clear_history()}
        </Button>
      </div>
    </section>
  );
}
