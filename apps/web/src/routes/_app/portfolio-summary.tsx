import { PORTFOLIO_REFRESH_INTERVAL_MS, portfolioMessages } from "@ledgerline/contracts/browser";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { lazy, Suspense, type ReactNode } from "react";
import { Alert } from "../../components/ui/Alert";
import { buttonClass } from "../../components/ui/Button";
import { PageHeader } from "../../components/ui/PageHeader";
import { Spinner } from "../../components/ui/Spinner";
import { formatDateTime } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { Allocation } from "./portfolio-summary/-components/Allocation";
import {
  CryptoSymbolLink,
  PositionsTable,
  StockSymbolLink,
} from "./portfolio-summary/-components/PositionsTable";
import { ValueCards } from "./portfolio-summary/-components/ValueCards";
import { titled } from "../../lib/head";

// The chart library loads with the chart, after the figures are on screen.
const ValueChart = lazy(() => import("./portfolio-summary/-components/ValueChart"));

export const Route = createFileRoute("/_app/portfolio-summary")({
  head: titled("Portfolio Summary"),
  component: PortfolioSummaryPage,
});

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function EmptyHoldings({
  text,
  to,
  action,
}: {
  text: string;
  to: "/search-area" | "/crypto";
  action: string;
}) {
  return (
    <div className="rounded-xl border border-dashed border-border bg-surface px-6 py-10 text-center">
      <p className="text-muted">{text}</p>
      <Link to={to} className={`${buttonClass("primary")} mt-4`}>
        {action}
      </Link>
    </div>
  );
}

function PortfolioSummaryPage() {
  // Prices refresh every 60 s while this screen is open; the interval ends with the screen.
  const summary = useQuery({
    ...trpc.portfolioSummary.get.queryOptions(),
    staleTime: 0,
    refetchInterval: PORTFOLIO_REFRESH_INTERVAL_MS,
    // The next cycle is the retry; a retry timer would outlive the screen.
    retry: false,
  });
  const data = summary.data;
  // A failed refresh keeps the figures already shown; only a first load that fails says so.
  const failed = summary.isError && !data;
  const stale = data
    ? [...data.stocks.positions, ...data.crypto.positions].filter(
        (position) => position.priceSource === "last_known",
      )
    : [];

  return (
    <div className="space-y-8">
      <PageHeader
        title="Portfolio Summary"
        subtitle={
          data ? (
            <span>
              Prices as of <span className="num">{formatDateTime(data.pricedAt)}</span>, refreshed
              every minute.
            </span>
          ) : (
            "What you hold, what it cost and what it is worth now."
          )
        }
        actions={
          <Link to="/transaction-history" className={buttonClass("secondary")}>
            Transaction History
          </Link>
        }
      />

      {summary.isPending ? (
        <div className="flex justify-center py-16 text-primary">
          <Spinner size="lg" label="Loading portfolio" />
        </div>
      ) : (
        <>
          <ValueCards
            stocks={data?.stocks.totals}
            crypto={data?.crypto.totals}
            total={data?.total}
          />
          {stale.length > 0 && (
            <Alert tone="warning">
              Live prices are unavailable for {stale.map((position) => position.symbol).join(", ")}:{" "}
              {stale.length === 1 ? "it is" : "they are"} valued at the last known price.
            </Alert>
          )}
          {data && (
            <div className="grid gap-6 lg:grid-cols-3">
              <div className="lg:col-span-2">
                <Suspense
                  fallback={
                    <div className="flex h-80 items-center justify-center rounded-xl border border-border bg-surface text-primary">
                      <Spinner size="md" label="Loading chart" />
                    </div>
                  }
                >
                  <ValueChart />
                </Suspense>
              </div>
              <Allocation summary={data} />
            </div>
          )}

          <Section id="stock-holdings" title="Stock Portfolio">
            {failed || !data ? (
              <Alert tone="error">{portfolioMessages.failedToLoadStockPortfolio}</Alert>
            ) : data.stocks.positions.length === 0 ? (
              <EmptyHoldings
                text="No stock positions in your portfolio."
                to="/search-area"
                action="Search Stocks"
              />
            ) : (
              <PositionsTable
                caption="Your stock positions"
                section={data.stocks}
                totalLabel="Portfolio Total:"
                symbolLink={(symbol) => <StockSymbolLink symbol={symbol} />}
              />
            )}
          </Section>

          <Section id="crypto-holdings" title="Crypto Portfolio">
            {failed || !data ? (
              <Alert tone="error">{portfolioMessages.failedToLoadCryptoPortfolio}</Alert>
            ) : data.crypto.positions.length === 0 ? (
              <EmptyHoldings
                text="No crypto positions in your portfolio."
                to="/crypto"
                action="Search Crypto"
              />
            ) : (
              <PositionsTable
                caption="Your crypto positions"
                section={data.crypto}
                totalLabel="Crypto Total:"
                symbolLink={(symbol) => <CryptoSymbolLink symbol={symbol} />}
              />
            )}
          </Section>
        </>
      )}
    </div>
  );
}
