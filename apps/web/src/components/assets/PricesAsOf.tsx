import { m } from "@ledgerline/messages";
import { onFirstUse } from "../../lib/format";
import { Badge } from "../ui/Badge";

// Built only when a stale price is shown: its locale's data alone cost the page tens of ms at load.
const clockTime = onFirstUse(
  () => new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" }),
);

/** 'Prices as of HH:MM' (the viewer's time zone), or null without a valid time. */
export function pricesAsOfText(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? null
    : m.asset_prices_as_of({ time: clockTime().format(date) });
}

/**
 * The one notice for prices the server could not refresh (it says `stale`): they are the last
 * ones it had, fetched at `at`. Renders nothing for fresh prices.
 */
export function PricesAsOf({ at }: { at: string | null | undefined }) {
  const text = pricesAsOfText(at);
  return text ? (
    <Badge tone="warn">
      <time dateTime={at ?? undefined}>{text}</time>
    </Badge>
  ) : null;
}

/** When a stale quote's figures were fetched: its `asOf`, else the provider's own timestamp. */
export const staleSince = (quote: { stale?: boolean; asOf?: string; timestamp?: string } | null) =>
  quote?.stale ? (quote.asOf ?? quote.timestamp ?? null) : null;
