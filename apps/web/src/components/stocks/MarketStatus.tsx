import { Alert } from "../ui/Alert";

/** The spec shows a market-closed banner only when the status text says "closed". */
export const isClosedStatus = (status: string) => /closed/i.test(status);

/** The first of a screen's statuses that says closed, if any. */
export const firstClosedStatus = (statuses: readonly (string | undefined)[]) =>
  statuses.find((status) => status !== undefined && isClosedStatus(status));

/**
 * A screen's one market-closed banner. A screen passes the statuses of what it shows, most
 * important first, and renders this once near its top; the first status that says closed is
 * shown, word for word. Parts of the screen then never repeat it.
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
      {closed}
    </Alert>
  ) : null;
}
