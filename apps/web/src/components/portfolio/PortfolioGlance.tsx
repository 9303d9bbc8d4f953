import { m } from "@ledgerline/messages";
import { useQuery } from "@tanstack/react-query";
import { formatPercent } from "../../lib/format";
import { Money } from "../money/Money";
import { useDisplayMoney } from "../money/useDisplayMoney";
import { directionOf, Trend } from "../assets/Change";
import { LiveFigure } from "../assets/LiveFigure";
import { useLiveSummary } from "./live-summary";
import { GlanceFrame } from "../loading/LandingLoading";
import { portfolioSummaryQuery } from "./portfolio-reads";

/**
 * What the portfolio is worth now and how it moved today, above the landing page's tools: the
 * same figures as the portfolio summary (which this shares its query with).
 */
export function PortfolioGlance() {
  const summary = useQuery(portfolioSummaryQuery());
  useLiveSummary(summary.data);
  const today = summary.data?.today ?? null;
  const money = useDisplayMoney();
  const shownChange = money(today?.change, "today", true);
  return (
    <GlanceFrame
      value={
        summary.data ? (
          <LiveFigure value={summary.data.total.currentValue}>
            <Money shown={money(summary.data.total.currentValue)} />
          </LiveFigure>
        ) : summary.isError ? (
          m.portfolio_not_available()
        ) : undefined
      }
      change={
        today ? (
          <Trend direction={directionOf(today.change, shownChange.text, today.changePercent)}>
            <span>
              <Money shown={shownChange} />
            </span>
            {today.changePercent !== null && <span>({formatPercent(today.changePercent)})</span>}
          </Trend>
        ) : summary.data ? (
          <span className="text-muted">{m.portfolio_none_priced_today()}</span>
        ) : summary.isError ? null : undefined
      }
    />
  );
}
