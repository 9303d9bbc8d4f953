import type { CryptoQuote } from "@ledgerline/contracts";
import { ArrowDown, ArrowUp, History, Minus } from "lucide-react";
import { formatPercent } from "../../../../lib/format";
import { Button } from "../../../../components/ui/Button";
import { cx } from "../../../../components/ui/cx";

/** Up to 5 chips of recent searches, each with its percent change; a click searches again. */
export function RecentSearches({
  history,
  onSearch,
  onClear,
}: {
  history: CryptoQuote[];
  onSearch: (symbol: string) => void;
  onClear: () => void;
}) {
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="recent-crypto-searches" className="mt-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2
          id="recent-crypto-searches"
          className="mr-1 flex items-center gap-1.5 text-sm font-semibold text-muted"
        >
          <History aria-hidden="true" className="h-4 w-4" />
          Recent Searches
        </h2>
        <ul className="flex flex-wrap gap-2">
          {history.map((entry) => {
            const Icon =
              entry.changePercent > 0 ? ArrowUp : entry.changePercent < 0 ? ArrowDown : Minus;
            return (
              <li key={entry.symbol}>
                <button
                  type="button"
                  onClick={() => onSearch(entry.symbol)}
                  className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-sm hover:border-primary hover:bg-surface-muted"
                >
                  <span className="font-semibold">{entry.symbol}</span>
                  <span
                    className={cx(
                      "num inline-flex items-center gap-0.5 text-xs font-semibold",
                      entry.changePercent < 0 ? "text-loss" : "text-gain",
                    )}
                  >
                    <Icon aria-hidden="true" className="h-3 w-3" />
                    {formatPercent(entry.changePercent)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear History
        </Button>
      </div>
    </section>
  );
}
