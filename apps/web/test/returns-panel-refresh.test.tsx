// @vitest-environment happy-dom
import { PORTFOLIO_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import type { PortfolioPerformanceDetail } from "@ledgerline/contracts";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ReturnsPanel } from "../src/routes/_app/portfolio-summary/-components/ReturnsPanel";
import { fakeTrpcServer, QueryWrapper } from "./support/fake-trpc-server";

// The holdings' table reads its own procedure; this test is about the portfolio's figures.
vi.mock("../src/routes/_app/portfolio-summary/-components/HoldingReturns", () => ({
  HoldingReturns: () => null,
}));

/** The server's answer at its nth read: the end value moves as prices do. */
const performanceAt = (read: number): PortfolioPerformanceDetail => ({
  range: "1Y",
  startDate: "2025-03-11",
  endDate: "2026-03-11",
  startValue: "1000",
  endValue: String(1200 + read),
  netFlows: "0",
  timeWeightedReturn: "0.2",
  moneyWeightedReturn: "0.2",
  moneyWeightedReturnCumulative: "0.2",
  realizedGain: "0",
  unrealizedGain: String(200 + read),
  income: "0",
  totalReturn: String(200 + read),
  benchmark: { symbol: "SPY", timeWeightedReturn: "0.1" },
  explanation: {
    flows: [],
    flowSources: [{ basis: "trades" as const, accounts: [{ id: 1, name: "Main" }], count: 0 }],
    realizedMethods: [{ method: "average" as const, accounts: [{ id: 1, name: "Main" }] }],
    subPeriods: [],
    cashFlows: [],
    benchmark: { startClose: null, endClose: null, dividends: [] },
  },
});

const { reads } = fakeTrpcServer({
  "portfolioSummary.performance": (read) => ({ data: performanceAt(read) }),
});

describe("the returns panel", () => {
  it("computes its figures again at current prices as often as the summary reads them", async () => {
    render(
      <QueryWrapper>
        <ReturnsPanel />
      </QueryWrapper>,
    );
    // The end value is in the unrealized gain's explanation.
    fireEvent.click(await screen.findByText("Unrealized gain", { selector: ".sr-only" }));
    expect(await screen.findAllByText(/\$1,201\.00/)).not.toHaveLength(0);

    // A minute on, the cards have moved with the market: so have the returns.
    await act(() => vi.advanceTimersByTimeAsync(PORTFOLIO_REFRESH_INTERVAL_MS));
    expect(reads["portfolioSummary.performance"]).toBe(2);
    expect(await screen.findAllByText(/\$1,202\.00/)).not.toHaveLength(0);
    expect(screen.queryAllByText(/\$1,201\.00/)).toHaveLength(0);
  });

  it("draws a figure's explanation when it is first opened, not with the page", async () => {
    render(
      <QueryWrapper>
        <ReturnsPanel />
      </QueryWrapper>,
    );
    const explain = await screen.findByText("Time-weighted return (cumulative)", {
      selector: ".sr-only",
    });
    expect(screen.queryByRole("table", { hidden: true })).toBeNull();
    expect(screen.queryByText(/pieces\s+are multiplied/)).toBeNull();
    fireEvent.click(explain);
    expect(
      screen.getByRole("table", { name: "Sub-periods of the time-weighted return", hidden: true }),
    ).toBeDefined();
    expect(screen.getByText(/pieces\s+are multiplied/)).toBeDefined();
  });
});
