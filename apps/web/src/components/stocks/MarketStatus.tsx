import { marketMessages } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { Alert } from "../ui/Alert";

/** The API's market states (the spec's English, for every client) in the reader's words. */
const statusWords: Readonly<Record<string, () => string>> = {
  [marketMessages.marketOpen]: m.market_open,
  [marketMessages.marketClosedUsingPreviousClose]: m.market_closed_previous_close,
  [marketMessages.marketClosedShowingPreviousDay]: m.market_closed_previous_day,
};

/** A market state as the reader reads it; one the catalog does not know, as the API wrote it. */
export const marketStatusText = (status: string) => statusWords[status]?.() ?? status;

/** The spec shows a market-closed banner only when the status text says "closed". */
export const isClosedStatus = (status: string) => /closed/i.test(status);

/** The first of a screen's statuses that says closed, if any. */
export const firstClosedStatus = (statuses: readonly (string | undefined)[]) =>
  statuses.find((status) => status !== undefined && isClosedStatus(status));

/**
 * A screen's one market-closed banner. A screen passes the statuses of what it shows, most
 * important first, and renders this once near its top; the first status that says closed is
 * shown, word for word in English. Parts of the screen then never repeat it.
 */
export function MarketClosedBanner({
  statuses,
  className,
}: {
  statuses: readonly (string | undefined)[];
  className?: string;
}) {
  const closed = firstClosedStatus(statuses);
  return closed ? (
    <Alert tone="warning" className={className}>
      {marketStatusText(closed)}
    </Alert>
  ) : null;
}
