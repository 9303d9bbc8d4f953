// @vitest-environment happy-dom
import type { MonthlyReturns } from "@ledgerline/contracts";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import MonthlyReturnsCard from "../src/routes/_app/portfolio-summary/-components/MonthlyReturnsCard";
import { fakeTrpcServer, QueryWrapper } from "./support/fake-trpc-server";

/** The grid as the server answers it; `updating` while a back-dated change's recompute runs. */
const gridOf = (updating?: { from: string }): MonthlyReturns => ({
  startDate: "2025-01-02",
  endDate: "2026-03-11",
  benchmarkSymbol: "SPY",
  ...(updating && { updating }),
  years: [
    {
      year: 2026,
      months: ["0.0123", "-0.02", "0.01", null, null, null, null, null, null, null, null, null],
      total: "0.0021",
      benchmarkTotal: "0.01",
    },
  ],
});

const { reads } = fakeTrpcServer({
  // The first read is made during the recompute, the second after it.
  "insights.monthlyReturns": (read) => ({
    data: gridOf(read === 1 ? { from: "2026-02-02" } : undefined),
  }),
});

describe("a card read while the history is updated", () => {
  it("shows the stored figures at once, framed apart and said to be not final", async () => {
    render(
      <QueryWrapper>
        <MonthlyReturnsCard accountId={undefined} />
      </QueryWrapper>,
    );
    const note = await screen.findByText(/Figures from before the change of Feb 2, 2026/);
    expect(note.textContent).toContain("not final until the history is updated");
    const framed = screen.getByTestId("figures-before-update");
    expect(framed.className).toContain("border-dashed");
    // The figures themselves, not a skeleton.
    expect(framed.textContent).toContain("1.23%");
    expect(reads["insights.monthlyReturns"]).toBe(1);
  });
});
