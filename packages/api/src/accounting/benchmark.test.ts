import type { CorporateAction, HistoricalBar } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { benchmarkReturns } from "./benchmark";
import type { AppDeps } from "../platform/scope";

/** SPY's split-adjusted daily closes (in today's shares, as the provider gives them). */
const bar = (date: string, close: string): HistoricalBar => ({
  date,
  t: Date.parse(`${date}T00:00:00Z`),
  o: close,
  h: close,
  l: close,
  c: close,
  v: 1,
});

/** Only what the benchmark reads of the app: SPY's bars and corporate actions. */
function marketWith(bars: HistoricalBar[], actions: CorporateAction[]): AppDeps {
  return {
    market: {
      stocks: {
        getDailyBars: async (_symbol: string, from: string, to: string) =>
          bars.filter((b) => b.date >= from && b.date <= to),
        getCorporateActions: async () => actions,
      },
    },
    logger: { warn: () => {} },
  } as unknown as AppDeps;
}

const split: CorporateAction = {
  symbol: "SPY",
  type: "split",
  exDate: "2025-06-02",
  splitFrom: "1",
  splitTo: "2",
};

describe("the benchmark's total return", () => {
  it("is not moved by a split inside the period: its adjusted closes did not move, so it returned nothing", async () => {
    const deps = marketWith(
      [bar("2025-05-30", "300"), bar("2025-06-02", "300"), bar("2025-06-03", "300")],
      [split],
    );
    const answer = await benchmarkReturns(deps, "2025-05-30", ["2025-06-02", "2025-06-03"]);
    expect(answer.returns.get("2025-06-02")).toBe("0");
    expect(answer.returns.get("2025-06-03")).toBe("0");
    // Both closes in the last day's shares, as the explanation shows them for a check by hand.
    expect(answer.startClose).toBe("300");
    expect(answer.endClose).toBe("300");
  });

  it("reinvests a dividend paid before a split at its amount in the later shares", async () => {
    // 4 a share before the 1:2 split is 2 a share after it; the adjusted closes stay at 200.
    const dividend: CorporateAction = {
      symbol: "SPY",
      type: "dividend",
      exDate: "2025-05-20",
      payDate: "2025-05-28",
      cashAmount: "4",
    };
    const deps = marketWith(
      [bar("2025-05-16", "200"), bar("2025-05-19", "200"), bar("2025-05-20", "200")].concat(
        bar("2025-06-03", "200"),
      ),
      [dividend, split],
    );
    const answer = await benchmarkReturns(deps, "2025-05-16", ["2025-06-03"]);
    expect(answer.dividends).toEqual([
      { exDate: "2025-05-20", amount: "2", previousClose: "200", exClose: "200" },
    ]);
    // (200 + 2) / 200 - 1
    expect(answer.returns.get("2025-06-03")).toBe("0.01");
  });

  it("shows the closes in the last day's shares when a split comes after the period", async () => {
    const deps = marketWith([bar("2025-05-29", "150"), bar("2025-05-30", "165")], [split]);
    const answer = await benchmarkReturns(deps, "2025-05-29", ["2025-05-30"]);
    expect(answer.startClose).toBe("300");
    expect(answer.endClose).toBe("330");
    expect(answer.returns.get("2025-05-30")).toBe("0.1");
  });
});
