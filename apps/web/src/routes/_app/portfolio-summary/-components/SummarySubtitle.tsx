import { m } from "@ledgerline/messages";
import { LiveIndicator } from "../../../../components/assets/LiveFigure";
import { useLiveStatus } from "../../../../components/assets/live-quotes";
import { formatDateTime, formatWeekdayTime } from "../../../../lib/format";
import { messageWith } from "./message-parts";

// Shared by the route's loading layout and its page (a module of their own: declared in the route
// file, it would stay in the route's definition, which every page loads).

export const summaryDescription = () => m.summary_description();

/** The stock market's state as the page knows it, when it does. */
export interface StockMarketState {
  open: boolean;
  /** When the next regular session opens (ISO). */
  nextOpenAt: string;
}

/**
 * When the prices are from and how they stay fresh. It must not promise a minute's polling next
 * to a Live badge, nor live prices while they come from polling, nor prices that move on a
 * closed stock market: then it says so and when the market reopens, and that crypto, traded
 * around the clock, still moves (when some is held). It reads the stream's status itself: the
 * stream opening (or dropping) redraws this line, not the whole page. While the page loads, a
 * grey block stands in for the time.
 */
function PricesNote({
  pricedAt,
  market,
  holdsCrypto,
}: {
  pricedAt: string | undefined;
  market: StockMarketState | undefined;
  holdsCrypto: boolean;
}) {
  const live = useLiveStatus() === "live";
  const time =
    pricedAt === undefined ? (
      <span className="inline-block h-3 w-32 animate-pulse rounded bg-surface-muted align-middle" />
    ) : (
      <span className="num">{formatDateTime(pricedAt)}</span>
    );
  if (market && !market.open) {
    const next = <span className="num">{formatWeekdayTime(market.nextOpenAt)}</span>;
    if (!holdsCrypto) return messageWith(m.summary_prices_closed, { time, next });
    return (
      <>
        {messageWith(
          live ? m.summary_prices_closed_crypto_live : m.summary_prices_closed_crypto_polled,
          { time, next },
        )}{" "}
        <LiveIndicator />
      </>
    );
  }
  return (
    <>
      {messageWith(live ? m.summary_prices_live : m.summary_prices_polled, { time })}{" "}
      <LiveIndicator />
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
export function SummarySubtitle({
  pricedAt,
  market,
  holdsCrypto = false,
}: {
  pricedAt?: string;
  market?: StockMarketState | undefined;
  holdsCrypto?: boolean;
}) {
  return (
    <>
      {summaryDescription()}{" "}
      <span className="mt-1 block text-xs">
        <PricesNote pricedAt={pricedAt} market={market} holdsCrypto={holdsCrypto} />
      </span>
    </>
  );
}
