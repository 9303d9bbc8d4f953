import type {
  HoldingsPerformance,
  PortfolioHistory,
  PortfolioPerformanceDetail,
} from "@ledgerline/contracts";
import { expect } from "@playwright/test";
import { signedInPortfolioUser, trpcResult } from "./portfolio-support";
import { expectAccessible } from "./support";
import { test } from "./polled-prices";

const percent = (ratio: string) =>
  new Intl.NumberFormat("en-US", {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: "exceptZero",
  }).format(ratio as unknown as number);

test("a user sees realized and unrealized gain, income, total return, TWR and XIRR with their inputs, and the S&P 500 beside the value", async ({
  page,
  request,
}) => {
  // Many figures, two open panels and an axe pass over them on a shared 2-core machine.
  test.slow();
  const user = await signedInPortfolioUser(page, request, "Returns Reader");
  await user.buy("STOCK", "AAPL", "10", "240", "2026-03-02T15:00:00Z");
  await user.buy("CRYPTO", "BTC", "0.1", "81000", "2026-03-03T15:00:00Z");
  // 4 x (250 - 240) realized.
  await user.sell("STOCK", "AAPL", "4", "250");

  await page.goto("/portfolio-summary");
  const returns = page.getByRole("region", { name: "Returns", exact: true });
  await expect(returns).toBeVisible();

  const answeredFor = (procedure: string) =>
    page.waitForResponse(
      (response) =>
        response.url().includes(procedure) &&
        decodeURIComponent(response.url()).includes('"range":"ALL"'),
    );
  const answered = answeredFor("portfolioSummary.performance");
  const holdingsAnswered = answeredFor("portfolioSummary.holdingPerformance");
  await returns.getByRole("button", { name: "All" }).click();
  const all = await trpcResult<PortfolioPerformanceDetail>(
    await answered,
    "portfolioSummary.performance",
  );
  const byHolding = await trpcResult<HoldingsPerformance>(
    await holdingsAnswered,
    "portfolioSummary.holdingPerformance",
  );
  expect(all.range).toBe("ALL");
  expect(all.realizedGain).toBe("40");
  await expect(returns.locator("dl").getByText("+$40.00")).toBeVisible();
  for (const label of [
    "Realized gain",
    "Unrealized gain",
    "Income",
    "Total return",
    "Time-weighted return",
  ]) {
    await expect(
      returns.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }),
    ).toBeVisible();
  }
  await expect(returns.getByText(percent(all.timeWeightedReturn!)).first()).toBeVisible();
  await expect(returns.getByText(percent(all.moneyWeightedReturn!)).first()).toBeVisible();
  expect(all.benchmark.timeWeightedReturn).not.toBeNull();

  // The time-weighted return's pieces, to check by hand.
  await returns.getByText("Explain time-weighted return", { exact: false }).click();
  const pieces = returns.getByRole("table", { name: "Sub-periods of the time-weighted return" });
  await expect(pieces.locator("tbody tr")).toHaveCount(all.explanation.subPeriods.length);
  // The XIRR's cash flows: paid in, received, and the value today.
  await returns.getByText("Explain money-weighted return", { exact: false }).click();
  const flows = returns.getByRole("table", { name: "Cash flows of the money-weighted return" });
  await expect(flows.locator("tbody tr")).toHaveCount(all.explanation.cashFlows.length);
  await expect(flows).toContainText("-$2,400.00");

  // Each holding's returns: AAPL bought, partly sold; BTC bought.
  expect(byHolding.holdings.map((holding) => holding.symbol)).toEqual(["AAPL", "BTC"]);
  const holdingsTable = returns.getByRole("table", { name: "Returns by holding" });
  const appleRow = holdingsTable.getByRole("row", { name: /AAPL/ });
  const apple = byHolding.holdings[0]!;
  await expect(appleRow).toContainText(percent(apple.timeWeightedReturn!));
  await expect(appleRow).toContainText(percent(apple.moneyWeightedReturn!));
  await expect(appleRow).toContainText("+$40.00");
  await expect(holdingsTable.getByRole("row", { name: /BTC/ })).toContainText(
    percent(byHolding.holdings[1]!.timeWeightedReturn!),
  );

  // The value chart carries the benchmark line, named in its legend and description; over All it
  // ends at the benchmark's return shown beside the portfolio's for All (dividends reinvested).
  const benchmarkFigure = returns
    .getByRole("term")
    .filter({ hasText: /^Benchmark: SPY$/ })
    .locator("xpath=following-sibling::dd[1]");
  await expect(benchmarkFigure).toHaveText(percent(all.benchmark.timeWeightedReturn!));
  const chart = page.getByRole("region", { name: "Portfolio Value" });
  const historyAnswered = answeredFor("portfolioSummary.history");
  await chart.getByRole("button", { name: "All" }).click();
  const history = await trpcResult<PortfolioHistory>(
    await historyAnswered,
    "portfolioSummary.history",
  );
  const line = history.benchmark!.points;
  expect(line[0]!.date).toBe(all.startDate);
  const lineReturn = Number(line.at(-1)!.value) / Number(line[0]!.value) - 1;
  expect(Math.abs(lineReturn - Number(all.benchmark.timeWeightedReturn))).toBeLessThan(1e-9);
  await expect(
    chart.getByText("S&P 500 (SPY), dividends reinvested, from the same start"),
  ).toBeVisible();
  await expect(chart.getByRole("img")).toHaveAttribute(
    "aria-label",
    /S&P 500 \(SPY\), dividends reinvested/,
  );

  await expectAccessible(page);

  // On a phone the holdings' returns still read: the returns and the total fit the screen, the
  // gains beside them give way.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const phoneRow = page
    .getByRole("table", { name: "Returns by holding" })
    .getByRole("row", { name: /AAPL/ });
  await expect(phoneRow.getByRole("cell").filter({ hasText: "%" }).first()).toBeVisible();
  await expect(phoneRow.getByText("+$40.00")).toBeHidden();
  // A very large yearly rate (a few days held) may scroll inside the table's own box, not the page.
  const scroller = page.getByRole("table", { name: "Returns by holding" }).locator("xpath=..");
  const box = await scroller.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});
