import type { StockSnapshot } from "@ledgerline/contracts";
import { History } from "lucide-react";
import { PercentChange } from "../../../../components/stocks/Change";
import { Button } from "../../../../components/ui/Button";

export function RecentSearches({
  history,
  onPick,
  onClear,
}: {
  history: StockSnapshot[];
  onPick: (symbol: string) => void;
  onClear: () => void;
}) {
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="recent-searches-heading" className="mt-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2
          id="recent-searches-heading"
          className="flex items-center gap-1 text-sm font-semibold text-muted"
        >
          <History aria-hidden="true" className="h-4 w-4" />
          Recent Searches
        </h2>
        <ul className="flex flex-wrap gap-2">
          {history.map((entry) => (
            <li key={entry.symbol}>
              <button
                type="button"
                onClick={() => onPick(entry.symbol)}
                className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-sm hover:border-primary"
              >
                <span className="font-semibold">{entry.symbol}</span>
                <PercentChange percent={entry.changePercent} />
              </button>
            </li>
          ))}
        </ul>
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear History
        </Button>
      </div>
    </section>
  );
}
