import { LiveIndicator } from "../../../../components/assets/LiveFigure";
import { useLiveStatus } from "../../../../components/assets/live-quotes";
import { formatDateTime } from "../../../../lib/format";

// Shared by the route's loading layout and its page (a module of their own: declared in the route
// file, it would stay in the route's definition, which every page loads).

export const summaryDescription = "What you hold, what it cost and what it is worth now.";

/**
 * When the prices are from and how they stay fresh. It must not promise a minute's polling next
 * to a Live badge, nor live prices while they come from polling. It reads the stream's status
 * itself: the stream opening (or dropping) redraws this line, not the whole page. While the
 * page loads, a grey block stands in for the time.
 */
function PricesNote({ pricedAt }: { pricedAt: string | undefined }) {
  const live = useLiveStatus() === "live";
  return (
    <>
      Prices as of{" "}
      {pricedAt === undefined ? (
        <span className="inline-block h-3 w-32 animate-pulse rounded bg-surface-muted align-middle" />
      ) : (
        <span className="num">{formatDateTime(pricedAt)}</span>
      )}
      , {live ? "updated live as the market moves." : "refreshed every minute."} <LiveIndicator />
    </>
  );
}

/**
 * The page's subtitle, in its loading layout (no `pricedAt`) and on the page: the same
 * description in the same place, and under it, in small print on a line of its own, the
 * prices' note. The page then paints the words its layout painted rather than other, larger
 * ones later (a phone's first load counted the page's subtitle as its largest paint, its LCP);
 * and the note, whatever it says, stays smaller than the description.
 */
export function SummarySubtitle({ pricedAt }: { pricedAt?: string }) {
  return (
    <>
      {summaryDescription}{" "}
      <span className="mt-1 block text-xs">
        <PricesNote pricedAt={pricedAt} />
      </span>
    </>
  );
}
