// @vitest-environment happy-dom
import type { SummarySection } from "@ledgerline/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PositionsTable } from "../src/routes/_app/portfolio-summary/-components/PositionsTable";

const section: SummarySection = {
  positions: [
    {
      id: 1,
      symbol: "AAPL",
      name: "Apple Inc.",
      quantity: "10",
      averagePurchasePrice: "100",
      currentPrice: "150",
      currentValue: "1500",
      costBasis: "1000",
      gainLoss: "500",
      gainLossPercent: 50,
      priceSource: "market",
      priceAsOf: null,
      allocationPercent: 100,
      todayChange: "20",
      todayChangePercent: 1.3514,
      realizedGain: "0",
    },
  ],
  totals: { currentValue: "1500", costBasis: "1000", gainLoss: "500", gainLossPercent: 50 },
  allocationPercent: 100,
};

// happy-dom's own control of the window it simulates.
const { happyDOM } = window as unknown as {
  happyDOM: { setViewport(size: { width: number; height: number }): void };
};

function renderAtWidth(width: number) {
  happyDOM.setViewport({ width, height: 844 });
  // No rates are read: the figures stay in USD, as for a user who shows USD.
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PositionsTable
        caption="Your stock positions"
        section={section}
        totalLabel="Portfolio Total:"
        SymbolLink={({ symbol }) => <span>{symbol}</span>}
      />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe("the holdings of a portfolio section", () => {
  it("are one card per holding on a phone, with no table drawn beside them", () => {
    renderAtWidth(390);
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("are a table from the lg breakpoint on, with no cards drawn beside it", () => {
    renderAtWidth(1280);
    expect(screen.getByRole("table", { name: "Your stock positions" })).toBeTruthy();
    expect(screen.queryByRole("listitem")).toBeNull();
  });

  it("show today's change, average cost and weight, and sort by a header's button", () => {
    renderAtWidth(1280);
    const table = screen.getByRole("table", { name: "Your stock positions" });
    const row = within(table).getAllByRole("row")[1]!;
    expect(row.textContent).toContain("+$20.00");
    expect(row.textContent).toContain("+1.35%");
    expect(row.textContent).toContain("$100.00");
    expect(row.textContent).toContain("100.00%");
    const weight = within(table).getByRole("columnheader", { name: "Weight" });
    expect(weight.getAttribute("aria-sort")).toBeNull();
    fireEvent.click(within(weight).getByRole("button"));
    expect(weight.getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(within(weight).getByRole("button"));
    expect(weight.getAttribute("aria-sort")).toBe("ascending");
  });
});
