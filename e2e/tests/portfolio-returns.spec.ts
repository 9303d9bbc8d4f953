import type {
  HoldingsPerformance,
  PortfolioHistory,
  PortfolioPerformanceDetail,
} from "@ledgerline/contracts";
import { expect, type APIRequestContext } from "@playwright/test";
import { hoverValueChartEnd, signedInPortfolioUser, trpcResult } from "./portfolio-support";
import { expectAccessible } from "./support";
import { test } from "./polled-prices";

const formatCurrency = (amount: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(
    amount as unknown as number,
  );
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\$]/g, "\\$&");

const percent = (ratio: string) =>
  new Intl.NumberFormat("en-US", {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: "exceptZero",
  }).format(ratio as unknown as number);

/**
 * The value chart's return line and the Returns panel's figures for All, read at one price. The
 * page reads the two seconds apart while the market refreshes a coin's quote every 10 s and a
 * stock's every 30 s, so today's value may move between its two answers (the TWR then differs
 * from the fourth decimal). A history read between two equal performance reads was priced as
 * they were.
 */
async function readAtOnePrice(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const read = async (path: string) => {
    const response = await request.get(path, { headers });
    expect(response.status(), path).toBe(200);
    return response.text();
  };
  const performance = "/api/portfolio/performance?range=ALL";
  let pair: { line: PortfolioHistory; panel: PortfolioPerformanceDetail } | undefined;
  await expect
    .poll(async () => {
      const before = await read(performance);
      const line = await read("/api/portfolio/history?range=ALL&benchmark=return");
      const after = await read(performance);
      pair = {
        line: JSON.parse(line) as PortfolioHistory,
        panel: JSON.parse(after) as PortfolioPerformanceDetail,
      };
      return before === after;
    })
    .toBe(true);
  return pair!;
}

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
  // Every return says cumulative or annualized; a period under a year shows cumulative only
  // (issue 37), the money-weighted return too.
  for (const label of [
    "Realized gain",
    "Unrealized gain",
    "Income",
    "Total return",
    "Time-weighted return (cumulative)",
    "Money-weighted return (cumulative)",
    "Benchmark: SPY (cumulative)",
  ]) {
    await expect(
      returns.getByRole("term").filter({ hasText: new RegExp(`^${escape(label)}$`) }),
    ).toBeVisible();
  }
  await expect(returns.getByText(percent(all.timeWeightedReturn!)).first()).toBeVisible();
  await expect(
    returns.getByText(percent(all.moneyWeightedReturnCumulative!)).first(),
  ).toBeVisible();
  await expect(returns.getByRole("term").filter({ hasText: /annualized|XIRR/ })).toHaveCount(0);
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
  await expect(appleRow).toContainText(percent(apple.moneyWeightedReturnCumulative!));
  await expect(holdingsTable.getByRole("columnheader")).toContainText(["TWR (cum.)", "MWR (cum.)"]);
  await expect(appleRow).toContainText("+$40.00");
  await expect(holdingsTable.getByRole("row", { name: /BTC/ })).toContainText(
    percent(byHolding.holdings[1]!.timeWeightedReturn!),
  );

  // The value chart opens on the Returns panel's range, and its All starts at the first trade.
  const chart = page.getByRole("region", { name: "Portfolio Value" });
  await expect(chart.getByRole("button", { name: "1Y" })).toHaveAttribute("aria-pressed", "true");
  const historyAnswered = answeredFor("portfolioSummary.history");
  await chart.getByRole("button", { name: "All" }).click();
  const history = await trpcResult<PortfolioHistory>(
    await historyAnswered,
    "portfolioSummary.history",
  );
  expect(history.points[0]!.date).toBe("2026-03-02");
  expect(all.startDate).toBe("2026-03-01");

  // By default the S&P 500 line is the same buys and sells put into SPY on the same days (a
  // worked example: $2,400 in on 2 March, $8,100 on 3 March, $1,000 out today), so it ends near
  // the money put in, not at the first buy grown; the legend and the description say so.
  expect(history.benchmark!.basis).toBe("contributions");
  const legend = chart.getByTestId("value-chart-legend");
  await expect(legend).toContainText("Same buys & sells in S&P 500");
  const spyAnswered = answeredFor("portfolioSummary.history");
  await chart.getByRole("button", { name: "% return" }).click();
  const asReturns = await trpcResult<PortfolioHistory>(
    await spyAnswered,
    "portfolioSummary.history",
  );
  // SPY's growth from the eve of the first trade, day by day, from the other basis.
  const growth = new Map(
    asReturns.benchmark!.points.map((point) => [point.date, 1 + Number(point.value)]),
  );
  const dayFlows = history.points.map((point, i) => {
    const before = history.points[i - 1];
    // A day's flow: the change in cost basis, and for today's sale its proceeds (4 x 250).
    const basisMoved = Number(point.costBasis) - Number(before?.costBasis ?? 0);
    return { date: point.date, amount: basisMoved < 0 ? -1000 : basisMoved };
  });
  for (const point of history.benchmark!.points) {
    const worth = dayFlows
      .filter((flow) => flow.date <= point.date)
      .reduce((sum, f) => sum + (f.amount * growth.get(point.date)!) / growth.get(f.date)!, 0);
    expect(Math.abs(Number(point.value) - worth), point.date).toBeLessThanOrEqual(0.01);
  }
  const lastSpy = history.benchmark!.points.at(-1)!.value;
  expect(Number(lastSpy)).toBeGreaterThan(9000);

  // As cumulative returns: the portfolio's time-weighted return and SPY's total return, each
  // ending at the Returns panel's figures for All.
  await expect(chart.getByRole("button", { name: "% return" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(legend).toContainText("Your return (time-weighted)");
  await expect(legend).toContainText("S&P 500 total return");
  const atOnePrice = await readAtOnePrice(request, user.token);
  expect(atOnePrice.line.points.at(-1)!.timeWeightedReturn).toBe(
    atOnePrice.panel.timeWeightedReturn,
  );
  expect(atOnePrice.line.benchmark!.points.at(-1)!.value).toBe(
    atOnePrice.panel.benchmark.timeWeightedReturn,
  );
  // The chart describes its own answer.
  const lineEnd = asReturns.points.at(-1)!.timeWeightedReturn!;
  const spyEnd = asReturns.benchmark!.points.at(-1)!.value;
  await expect(chart.getByRole("img")).toHaveAttribute(
    "aria-label",
    new RegExp(`${escape(percent(lineEnd))} .*against ${escape(percent(spyEnd))} for the S&P 500`),
  );
  await chart.getByRole("button", { name: "$ in SPY" }).click();
  await expect(chart.getByRole("img")).toHaveAttribute(
    "aria-label",
    new RegExp(`and ${escape(formatCurrency(lastSpy))} had the same buys and sells gone into`),
  );

  // The tooltip at today's close reads the figures to the cent.
  const tooltip = await hoverValueChartEnd(page, chart);
  await expect(tooltip).toContainText(formatCurrency(history.points.at(-1)!.totalValue));
  await expect(tooltip).toContainText(formatCurrency(lastSpy));

  // Its ranges are the Returns panel's, YTD among them (here from the first trade, in March).
  await expect(chart.getByRole("group", { name: "Time range" }).getByRole("button")).toHaveText([
    "1M",
    "3M",
    "6M",
    "YTD",
    "1Y",
    "All",
  ]);
  const yearAnswered = page.waitForResponse(
    (response) =>
      response.url().includes("portfolioSummary.history") &&
      decodeURIComponent(response.url()).includes('"range":"YTD"'),
  );
  await chart.getByRole("button", { name: "YTD" }).click();
  const year = await trpcResult<PortfolioHistory>(await yearAnswered, "portfolioSummary.history");
  expect(year.points[0]!.date).toBe("2026-03-02");
  await expect(chart.getByRole("img")).toHaveAttribute("aria-label", /portfolio's value, YTD:/);

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
  // The chart's legend takes a line, two at most, inside the screen.
  const phoneLegend = page.getByTestId("value-chart-legend");
  const legendBox = (await phoneLegend.boundingBox())!;
  expect(legendBox.height).toBeLessThanOrEqual(40);
  expect(legendBox.x + legendBox.width).toBeLessThanOrEqual(390);
  // A very large yearly rate (a few days held) may scroll inside the table's own box, not the page.
  const scroller = page.getByRole("table", { name: "Returns by holding" }).locator("xpath=..");
  const box = await scroller.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});
