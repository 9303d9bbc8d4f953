import type {
  InvestmentAccount,
  PortfolioHistory,
  PortfolioPerformanceDetail,
  PositionView,
} from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { appPerTest } from "../support/app-per-test";
import { stocksApp } from "../support/portfolio-support";

/**
 * The value chart in return mode ends at the Returns panel's time-weighted return for the same
 * range and account: both are read from the same days, flows and dividends.
 */

const apps = appPerTest();

/**
 * Main: 2 AAPL since June 2025 (dividends paid in October and January), 1 sold today. IRA: 3
 * MSFT since February. Cash: a cash-tracked account with a deposit, 5 AAPL bought from it, and
 * interest.
 */
async function sellDividendTwoAccounts() {
  const app = await apps.open(stocksApp());
  const rest = async <T>(method: "GET" | "POST", url: string, body?: unknown) => {
    const answer = await apps.t.request(method, `/api${url}`, { token: app.token, body });
    expect(answer.status, url).toBe(200);
    return answer.body as unknown as T;
  };
  const [main] = await rest<InvestmentAccount[]>("GET", "/accounts");
  const ira = await rest<InvestmentAccount>("POST", "/accounts", { name: "IRA", type: "ira" });
  const cash = await rest<InvestmentAccount>("POST", "/accounts", {
    name: "Brokerage",
    type: "taxable",
    cashTracked: true,
  });
  const buy = async (symbol: string, quantity: string, price: string, at: string, id: number) =>
    expect(
      (
        await app.buy({
          symbol,
          quantity,
          purchasePrice: price,
          purchaseDate: at,
          accountId: id,
        })
      ).status,
    ).toBe(200);
  await buy("AAPL", "2", "200", "2025-06-02T15:00:00Z", main!.id);
  await buy("MSFT", "3", "400", "2026-02-02T15:00:00Z", ira.id);
  const addCash = (type: string, amount: string, date: string) =>
    rest("POST", "/cash", { accountId: cash.id, type, amount, date });
  // Its first cash comes before its first trade: its ALL starts on the eve of the deposit.
  await addCash("deposit", "2000", "2026-01-05");
  await buy("AAPL", "5", "230", "2026-01-12T15:00:00Z", cash.id);
  await addCash("interest", "3.5", "2026-02-20");
  const positions = (await app.positions()).data;
  const apple = positions.find(
    (position: PositionView) => position.symbol === "AAPL" && position.accountId === main!.id,
  )!;
  const sold = await app.sell({ positionId: apple.id, quantity: "1", price: "255" });
  expect(sold.status).toBe(200);
  // The history recomputed: meanwhile the chart stops before the back-dated days (0061).
  await apps.t.settled();
  return { ...app, rest, accounts: [main!, ira, cash] };
}

describe("the value chart's return line", () => {
  it("ends at the Returns panel's time-weighted return: each range, the whole and each account, both doors", async () => {
    const { call, rest, accounts } = await sellDividendTwoAccounts();
    for (const accountId of [undefined, ...accounts.map((account) => account.id)]) {
      for (const range of ["1M", "6M", "YTD", "ALL"] as const) {
        const scope = accountId === undefined ? {} : { accountId };
        const history = await call<PortfolioHistory>("query", "portfolioSummary.history", {
          range,
          benchmark: "return",
          ...scope,
        });
        const detail = await call<PortfolioPerformanceDetail>(
          "query",
          "portfolioSummary.performance",
          { range, ...scope },
        );
        expect(history.status).toBe(200);
        expect(detail.status).toBe(200);
        const query = `range=${range}${accountId === undefined ? "" : `&accountId=${accountId}`}`;
        const viaRest = await rest<PortfolioHistory>(
          "GET",
          `/portfolio/history?${query}&benchmark=return`,
        );
        const performance = await rest<PortfolioPerformanceDetail>(
          "GET",
          `/portfolio/performance?${query}`,
        );
        const case_ = { accountId, range };
        expect({ ...case_, twr: history.data.points.at(-1)?.timeWeightedReturn }).toEqual({
          ...case_,
          twr: detail.data.timeWeightedReturn,
        });
        expect({ ...case_, twr: viaRest.points.at(-1)?.timeWeightedReturn }).toEqual({
          ...case_,
          twr: performance.timeWeightedReturn,
        });
      }
    }
  });
});
