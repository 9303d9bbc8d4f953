import type { ExpectedDividend } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { useQuery } from "@tanstack/react-query";
import { StockSymbolLink } from "../../../../components/assets/SymbolLink";
import { Skeleton } from "../../../../components/RouteStates";
import { Alert } from "../../../../components/ui/Alert";
import { Badge } from "../../../../components/ui/Badge";
import { Card } from "../../../../components/ui/Card";
import { MoneyText } from "../../../../components/money/Money";
import { formatCalendarDate, formatQuantity } from "../../../../lib/format";
import { trpc } from "../../../../lib/trpc";

/**
 * The held stocks' dividends of the next 90 days (issue 33): each ex-date and pay date with what
 * it should pay. One list for every width: a row wraps on a phone rather than scrolling.
 */
export function UpcomingDividends({ accountId }: { accountId: number | undefined }) {
  const query = useQuery(
    trpc.income.calendar.queryOptions(accountId === undefined ? undefined : { accountId }),
  );
  return (
    <section aria-labelledby="upcoming-dividends">
      <Card className="p-4 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="upcoming-dividends" className="text-xl font-semibold">
            {m.income_upcoming()}
          </h2>
          {query.data && (
            <p className="text-sm text-muted">
              {m.income_upcoming_range({
                from: formatCalendarDate(query.data.from),
                to: formatCalendarDate(query.data.to),
              })}
            </p>
          )}
        </div>
        {query.isPending ? (
          <Skeleton className="mt-4 h-32" />
        ) : query.isError ? (
          <Alert tone="error" className="mt-4">
            {m.income_upcoming_failed()} {query.error.message}
          </Alert>
        ) : query.data.dividends.length === 0 ? (
          <p className="mt-4 text-sm text-muted">{m.income_upcoming_none()}</p>
        ) : (
          <>
            <ul aria-label={m.income_upcoming()} className="mt-4 divide-y divide-border text-sm">
              {query.data.dividends.map((dividend) => (
                <DividendRow key={`${dividend.symbol}-${dividend.exDate}`} dividend={dividend} />
              ))}
            </ul>
            <p className="mt-3 flex justify-between border-t border-border pt-3 font-medium">
              <span>{m.income_upcoming_paid()}</span>
              <span className="num">
                <MoneyText usd={query.data.total} />
              </span>
            </p>
          </>
        )}
      </Card>
    </section>
  );
}

function DividendRow({ dividend }: { dividend: ExpectedDividend }) {
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5"
      data-dividend={`${dividend.symbol} ${dividend.exDate}`}
    >
      <div className="min-w-0">
        <span className="flex items-center gap-2">
          <StockSymbolLink symbol={dividend.symbol} />
          {!dividend.declared && <Badge tone="info">{m.income_expected_badge()}</Badge>}
        </span>
        <span className="block text-muted">
          {m.income_upcoming_ex()}{" "}
          <span className="num">{formatCalendarDate(dividend.exDate)}</span> ·{" "}
          {m.income_upcoming_pays()}{" "}
          <span className="num">{formatCalendarDate(dividend.payDate)}</span>
        </span>
      </div>
      <div className="ml-auto text-right">
        {/* Not paid yet: at the latest rate, as today's figures are. */}
        <span className="num block font-semibold">
          <MoneyText usd={dividend.amount} />
        </span>
        <span className="num block text-muted">
          {formatQuantity(dividend.quantity)} × <MoneyText usd={dividend.amountPerShare} />
        </span>
      </div>
    </li>
  );
}
