import { m } from "@ledgerline/messages";
import { Star } from "lucide-react";

/**
 * In place of Remove while the asset is held (the server refuses that removal): says the asset
 * is watched, so a user who has just added it sees that it took.
 */
export function OnWatchlist() {
  return (
    <span
      className="inline-flex items-center gap-1.5 px-1 text-sm text-muted"
      title={m.watchlist_on_title()}
    >
      <Star aria-hidden="true" className="h-4 w-4 fill-current" />
      {m.watchlist_on()}
    </span>
  );
}
