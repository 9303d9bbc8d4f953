import type { ForecastHolding, IncomeForecast as Forecast } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { compare, divide, multiply, sign } from "@ledgerline/money";
import { useQuery } from "@tanstack/react-query";
import { QueryCardBody } from "../../../../components/CardBody";
import { StockSymbolLink } from "../../../../components/assets/SymbolLink";
import { Card } from "../../../../components/ui/Card";
import { MoneyText } from "../../../../components/money/Money";
import { formatMonth, formatShare } from "../../../../lib/format";
import { trpc } from "../../../../lib/trpc";
import { ColumnHeads } from "../../../../components/ui/ColumnHeads";
import { ScrollRegion } from "../../../../components/ui/ScrollRegion";
import { TotalFoot } from "../../../../components/ui/TotalFoot";

const frequencyLabel: Record<NonNullable<ForecastHolding["frequency"]>, string> = {
  monthly: m.income_monthly(),
  quarterly: m.income_quarterly(),
  semiannual: m.income_semiannual(),
  annual: m.income_annual(),
};
const yieldOf = (ratio: string | null) =>
  ratio === null ? m.income_na() : formatShare(multiply(ratio, "100"));

/**
 * The next twelve months' dividends (issue 33): a bar per month to read at a glance, a table of
 * the months, and each holding's annual income and yields. The bars are decoration; the tables
 * say it all in text.
 */
export function IncomeForecast({ accountId }: { accountId: number | undefined }) {
  const query = useQuery(
    trpc.income.forecast.queryOptions(accountId === undefined ? undefined : { accountId }),
  );
  return (
    <section aria-labelledby="income-forecast">
      <Card className="p-4 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="income-forecast" className="text-xl font-semibold">
            {m.income_forecast_heading()}
          </h2>
          {query.data && (
            <p className="text-sm text-muted">
              {m.income_forecast_expected()}{" "}
              <span className="num font-semibold text-text">
                <MoneyText usd={query.data.total} />
              </span>
            </p>
          )}
        </div>
        <QueryCardBody
          query={query}
          failure={m.income_forecast_failed()}
          skeleton="mt-4 h-48"
          isEmpty={(forecast) => forecast.holdings.length === 0}
          empty={m.income_forecast_empty()}
        >
          {(forecast) => <ForecastFigures forecast={forecast} />}
        </QueryCardBody>
      </Card>
    </section>
  );
}

function ForecastFigures({ forecast }: { forecast: Forecast }) {
  const highest = forecast.months.reduce(
    (top, month) => (compare(month.amount, top) > 0 ? month.amount : top),
    "0",
  );
  // Each bar's height in percent of the highest month, exact to a hundredth.
  const heightOf = (amount: string) =>
    sign(highest) > 0 ? `${multiply(divide(amount, highest, 4), "100")}%` : "0%";
  return (
    <>
      <p className="mt-1 text-sm text-muted">{m.income_forecast_note()}</p>
      <div
        aria-hidden="true"
        className="mt-4 flex h-40 items-end gap-1 sm:gap-2"
        data-testid="forecast-bars"
      >
        {forecast.months.map((month) => (
          <div
            key={month.month}
            className="flex h-full min-w-0 flex-1 flex-col items-center justify-end"
          >
            <div className="flex w-full flex-1 items-end">
              <div
                className="w-full rounded-t bg-primary"
                style={{
                  height: heightOf(month.amount),
                  minHeight: sign(month.amount) > 0 ? "2px" : 0,
                }}
              />
            </div>
            <span className="mt-1 text-[11px] leading-none text-muted">
              {formatMonth(month.month, false)}
            </span>
          </div>
        ))}
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <table className="w-full text-sm" aria-labelledby="forecast-months">
          <caption id="forecast-months" className="mb-2 text-left font-semibold">
            {m.income_forecast_by_month()}
          </caption>
          <ColumnHeads
            columns={[
              m.income_forecast_month(),
              { label: m.income_forecast_expected(), numeric: true },
            ]}
          />
          <tbody>
            {forecast.months.map((month) => (
              <tr key={month.month} className="border-t border-border">
                <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                  {formatMonth(month.month)}
                </th>
                <td className="num py-1.5 text-right">
                  <MoneyText usd={month.amount} />
                </td>
              </tr>
            ))}
          </tbody>
          <TotalFoot>
            <td className="num py-1.5 text-right">
              <MoneyText usd={forecast.total} />
            </td>
          </TotalFoot>
        </table>
        <HoldingYields forecast={forecast} />
      </div>
    </>
  );
}

function HoldingYields({ forecast }: { forecast: Forecast }) {
  return (
    <ScrollRegion labelledBy="forecast-yields">
      <table className="w-full text-sm">
        <caption id="forecast-yields" className="mb-2 text-left font-semibold">
          {m.income_forecast_yields()}
        </caption>
        <ColumnHeads
          columns={[
            m.income_col_symbol(),
            m.income_forecast_pays(),
            { label: m.income_forecast_a_year(), numeric: true },
            { label: m.income_forecast_on_cost(), numeric: true, nowrap: true },
            { label: m.income_forecast_current(), numeric: true },
          ]}
        />
        <tbody>
          {forecast.holdings.map((holding) => (
            <tr
              key={holding.symbol}
              className="border-t border-border"
              data-holding={holding.symbol}
            >
              <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                <StockSymbolLink symbol={holding.symbol} />
              </th>
              <td className="py-1.5 pr-3 whitespace-nowrap">
                {holding.frequency
                  ? frequencyLabel[holding.frequency]
                  : m.income_forecast_no_dividends()}
              </td>
              <td className="num py-1.5 pr-3 text-right">
                <MoneyText usd={holding.annualIncome} />
              </td>
              <td className="num py-1.5 pr-3 text-right">{yieldOf(holding.yieldOnCost)}</td>
              <td className="num py-1.5 text-right">{yieldOf(holding.currentYield)}</td>
            </tr>
          ))}
        </tbody>
        <TotalFoot span={2}>
          <td className="num py-1.5 pr-3 text-right">
            <MoneyText usd={forecast.annualIncome} />
          </td>
          <td colSpan={2} />
        </TotalFoot>
      </table>
    </ScrollRegion>
  );
}
