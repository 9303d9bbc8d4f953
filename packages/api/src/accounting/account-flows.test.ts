import { big, subtract } from "@ledgerline/money";
import { describe, expect, it } from "vitest";
import {
  accountIncome,
  cashTrackedDays,
  combinedDays,
  isExternal,
  signedAmount,
  withHoldingMoves,
  type CashMovement,
} from "./account-flows";
import { periodFigures, periodReturns, type PeriodDay } from "./period-returns";

const day = (date: string, value: string, flow = "0", realized = "0"): PeriodDay => ({
  date,
  value,
  flow,
  realized,
});

describe("an account's external flows", () => {
  it("counts deposits, withdrawals and transfers as external, and signs each kind", () => {
    const of = (kind: CashMovement["kind"]) => ({ date: "2026-01-01", kind, amount: "5" });
    expect(
      (["deposit", "withdrawal", "transfer-in", "transfer-out"] as const).map((kind) =>
        isExternal(of(kind)),
      ),
    ).toEqual([true, true, true, true]);
    expect((["interest", "fee", "tax"] as const).map((kind) => isExternal(of(kind)))).toEqual([
      false,
      false,
      false,
    ]);
    expect(
      (["deposit", "interest", "transfer-in", "withdrawal", "fee", "tax", "transfer-out"] as const)
        .map(of)
        .map(signedAmount),
    ).toEqual(["5", "5", "5", "-5", "-5", "-5", "-5"]);
  });

  it("values a tracked account with its cash, and its trades and dividends are no flows", () => {
    // Deposit 1,000 and buy 10 at 100 on day 1; a dividend of 20 on day 2; sell 5 at 110 on day 3
    // (realized 50); interest 1 and a fee 3 on day 4; withdraw 300 on day 5.
    const holdings = [
      day("2026-01-01", "1000", "1000"),
      day("2026-01-02", "1050"),
      day("2026-01-03", "550", "-550", "50"),
      day("2026-01-04", "560"),
      day("2026-01-05", "560"),
    ];
    const movements: CashMovement[] = [
      { date: "2026-01-01", kind: "deposit", amount: "1000" },
      { date: "2026-01-04", kind: "interest", amount: "1" },
      { date: "2026-01-04", kind: "fee", amount: "3" },
      { date: "2026-01-05", kind: "withdrawal", amount: "300" },
    ];
    const dividends = [{ symbol: "KO", payDate: "2026-01-02", total: "20" }];
    expect(cashTrackedDays(holdings, "0", movements, dividends)).toEqual([
      day("2026-01-01", "1000", "1000"),
      day("2026-01-02", "1070"),
      day("2026-01-03", "1120", "0", "50"),
      day("2026-01-04", "1128"),
      day("2026-01-05", "828", "-300"),
    ]);
    // Cash held before the first day is in every close.
    expect(cashTrackedDays([day("2026-01-09", "0")], "250.5", [], [])).toEqual([
      day("2026-01-09", "250.5"),
    ]);
  });

  it("gives a deposit mid-period the time-weighted return worked by hand", () => {
    // Day 1: 1,000 deposited and 10 bought at 100. Day 2: the price is 110. Day 3: 500 more
    // deposited (kept as cash), the price still 110. Day 4: the price is 121.
    // By hand: 1,000 -> 1,100 before the deposit (x 1.1); 1,600 after it -> 1,210 + 500 =
    // 1,710 (x 1.06875); 1.1 x 1.06875 - 1 = 0.175625. The buys are no flows.
    const holdings = [
      day("2026-01-01", "1000", "1000"),
      day("2026-01-02", "1100"),
      day("2026-01-03", "1100"),
      day("2026-01-04", "1210"),
    ];
    const movements: CashMovement[] = [
      { date: "2026-01-01", kind: "deposit", amount: "1000" },
      { date: "2026-01-03", kind: "deposit", amount: "500" },
    ];
    const days = cashTrackedDays(holdings, "0", movements, []);
    const returns = periodReturns(days, []);
    expect(returns.timeWeightedReturn).toBe("0.175625");
    expect(returns.netFlows).toBe("500");
    expect(returns.flows).toEqual([
      { date: "2026-01-03", amount: "500", kind: "trades", symbol: null },
    ]);
    // Without cash tracking the same trades give a different return: the deposit is invisible
    // and the cash not in the value (1,000 -> 1,210).
    expect(periodReturns(holdings, []).timeWeightedReturn).toBe("0.21");
  });

  it("keeps total return = end - start - net flows with the cash in the value", () => {
    const holdings = [
      day("2026-01-01", "1000", "1000"),
      day("2026-01-02", "1050"),
      day("2026-01-03", "550", "-550", "50"),
      day("2026-01-04", "560"),
    ];
    const movements: CashMovement[] = [
      { date: "2026-01-01", kind: "deposit", amount: "1000" },
      { date: "2026-01-02", kind: "deposit", amount: "100" },
      { date: "2026-01-04", kind: "interest", amount: "1" },
      { date: "2026-01-04", kind: "tax", amount: "0.5" },
    ];
    const dividends = [{ symbol: "KO", payDate: "2026-01-02", total: "20" }];
    const days = cashTrackedDays(holdings, "0", movements, dividends);
    const returns = periodReturns(days, []);
    const income = accountIncome("cash", "2026-01-01", "2026-01-04", movements, dividends);
    expect(income).toBe("20.5");
    // Holdings: cost 1,000 then 500 after the sale (5 at 100); worth 1,000 then 560.
    const unrealized = subtract(subtract("560", "500"), subtract("1000", "1000"));
    const figures = periodFigures({ ...returns, income }, unrealized);
    expect(figures.totalReturn).toBe(
      subtract(subtract(figures.endValue, figures.startValue), figures.netFlows),
    );
    expect(accountIncome("trades", "2026-01-01", "2026-01-04", movements, dividends)).toBe("20");
  });

  it("adds accounts up: a transfer between two tracked accounts nets to nothing", () => {
    const tracked = cashTrackedDays(
      [day("2026-01-01", "0"), day("2026-01-02", "0")],
      "1000",
      [{ date: "2026-01-02", kind: "transfer-out", amount: "400" }],
      [],
    );
    const other = cashTrackedDays(
      [day("2026-01-01", "0"), day("2026-01-02", "0")],
      "0",
      [{ date: "2026-01-02", kind: "transfer-in", amount: "400" }],
      [],
    );
    const untracked = [day("2026-01-01", "200", "200"), day("2026-01-02", "220")];
    const all = combinedDays([tracked, other, untracked]);
    expect(all).toEqual([day("2026-01-01", "1200", "200"), day("2026-01-02", "1220", "0")]);
    const returns = periodReturns(all, []);
    expect(big(returns.timeWeightedReturn!).toFixed(6)).toBe(big("20").div("1200").toFixed(6));
  });
});

describe("withHoldingMoves", () => {
  const flow = (date: string, amount: string, kind: "trades" | "dividend" = "trades") => ({
    date,
    amount,
    kind,
    symbol: kind === "dividend" ? "KO" : null,
  });

  it("tells a day's holdings moved apart from its money, and keeps dividends", () => {
    const flows = [
      flow("2026-01-02", "500"),
      flow("2026-01-05", "1300"),
      flow("2026-01-06", "-800"),
      flow("2026-01-07", "-12", "dividend"),
    ];
    const days = [
      { date: "2026-01-02" },
      { date: "2026-01-05", moved: "1000" },
      { date: "2026-01-06", moved: "-800" },
    ];
    expect(withHoldingMoves(flows, days, "cash")).toEqual([
      { date: "2026-01-02", amount: "500", kind: "cash", symbol: null },
      { date: "2026-01-05", amount: "300", kind: "cash", symbol: null },
      { date: "2026-01-05", amount: "1000", kind: "holding", symbol: null },
      { date: "2026-01-06", amount: "-800", kind: "holding", symbol: null },
      { date: "2026-01-07", amount: "-12", kind: "dividend", symbol: "KO" },
    ]);
    expect(withHoldingMoves(flows.slice(0, 1), days, "trades")).toEqual([
      { date: "2026-01-02", amount: "500", kind: "trades", symbol: null },
    ]);
  });
});
