import type { CorporateAction, IncomeCalendar, IncomeForecast } from "@ledgerline/contracts";
import { incomeCalendarMessages } from "@ledgerline/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { twoAccountsApp } from "../support/accounts-support";
import { TestClock, type TestApp } from "../support/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

const dividend = (exDate: string, payDate: string, cashAmount: string): CorporateAction => ({
  symbol: "KO",
  type: "dividend",
  exDate,
  payDate,
  cashAmount,
});

/**
 * The market clock is 2026-03-11. KO pays quarterly: 0.50 four times, the last with its ex-date
 * passed (2026-03-05) and its pay date ahead (2026-04-01), then 0.55 declared for 2026-06-04
 * (paid 2026-07-01). Main bought 10 KO at 60 before that ex-date; the IRA 5 at 62 after it.
 * The market prices nothing, so KO is worth its last trade, 62. The app's clock is the market's
 * day, so trades up to it are allowed.
 */
const KO_CALENDAR: CorporateAction[] = [
  dividend("2026-06-04", "2026-07-01", "0.55"),
  dividend("2026-03-05", "2026-04-01", "0.5"),
  dividend("2025-12-04", "2026-01-02", "0.5"),
  dividend("2025-09-04", "2025-10-01", "0.5"),
  dividend("2025-06-05", "2025-07-01", "0.5"),
];

async function setUp() {
  const app = await twoAccountsApp({ clock: new TestClock(Date.parse("2026-03-11T15:00:00Z")) });
  t = app.t;
  const { market } = app.t.app.deps;
  vi.spyOn(market.stocks, "getCorporateActions").mockImplementation(async (symbol) =>
    symbol === "KO" ? KO_CALENDAR : [],
  );
  vi.spyOn(market.stocks, "getSnapshots").mockRejectedValue(new Error("market down"));
  const buy = async (input: Record<string, unknown>) => {
    const answer = await app.call("mutation", "portfolio.buy", input);
    expect(answer.status, answer.message).toBe(200);
  };
  await buy({
    symbol: "KO",
    quantity: 10,
    purchasePrice: 60,
    purchaseDate: "2026-01-15T15:00:00Z",
  });
  await buy({
    symbol: "KO",
    quantity: 5,
    purchasePrice: 62,
    purchaseDate: "2026-03-09T15:00:00Z",
    accountId: app.ira.id,
  });
  // A stock that has never paid is held, and is not in the calendar.
  await buy({ symbol: "TSLA", quantity: 1, purchasePrice: 200 });
  return app;
}

const KO_APRIL = {
  symbol: "KO",
  exDate: "2026-03-05",
  payDate: "2026-04-01",
  declared: true,
  amountPerShare: "0.5",
  // Only Main's 10 were held at the ex-date.
  quantity: "10",
  amount: "5",
};
const KO_JULY = {
  symbol: "KO",
  exDate: "2026-06-04",
  payDate: "2026-07-01",
  declared: true,
  amountPerShare: "0.55",
  quantity: "15",
  amount: "8.25",
};

describe("the dividend calendar", () => {
  it("lists the next 90 days' ex-dates and pay dates priced on the shares held at the ex-date (REST)", async () => {
    const { rest } = await setUp();
    const answer = await rest("GET", "/income/calendar");
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // 2026-03-11 + 90 days = 2026-06-09: April's payment and July's ex-date are in; the total
    // is what is paid in the window.
    expect(answer.body).toEqual({
      from: "2026-03-11",
      to: "2026-06-09",
      dividends: [KO_APRIL, KO_JULY],
      total: "5",
    });
  });

  it("keeps the shares at passed ex-dates until a trade changes them", async () => {
    const app = await setUp();
    const replays = vi.spyOn(app.t.app.deps.repos.corporateActions, "replayRows");
    expect((await app.rest("GET", "/income/calendar")).body).toMatchObject({ total: "5" });
    const first = replays.mock.calls.length;
    expect(first).toBeGreaterThan(0);
    // Nothing written: the shares held at 2026-03-05 are a look-up, not a replay.
    expect((await app.rest("GET", "/income/calendar")).body).toMatchObject({ total: "5" });
    expect(replays.mock.calls.length).toBe(first);
    // A back-dated buy before the ex-date moves the user's data: replayed, and 2 more shares paid.
    const bought = await app.call("mutation", "portfolio.buy", {
      symbol: "KO",
      quantity: 2,
      purchasePrice: 61,
      purchaseDate: "2026-02-02T15:00:00Z",
    });
    expect(bought.status, bought.message).toBe(200);
    const after = await app.rest("GET", "/income/calendar");
    expect(replays.mock.calls.length).toBeGreaterThan(first);
    expect(after.body).toMatchObject({
      dividends: [
        { ...KO_APRIL, quantity: "12", amount: "6" },
        { ...KO_JULY, quantity: "17", amount: "9.35" },
      ],
      total: "6",
    });
  });

  it("expects the dividends after the declared one at its amount, and filters by account (tRPC)", async () => {
    const { call, ira } = await setUp();
    const answer = await call<IncomeCalendar>("query", "income.calendar", {
      from: "2026-06-01",
      to: "2026-12-31",
      accountId: ira.id,
    });
    expect(answer.status, answer.message).toBe(200);
    const ira5 = { quantity: "5", amountPerShare: "0.55", amount: "2.75" };
    expect(answer.data.dividends).toEqual([
      { ...KO_JULY, ...ira5 },
      // Three months apart, not declared yet.
      { ...KO_JULY, ...ira5, exDate: "2026-09-04", payDate: "2026-10-01", declared: false },
      { ...KO_JULY, ...ira5, exDate: "2026-12-04", payDate: "2027-01-01", declared: false },
    ]);
    // January's pay date is past the window: 2.75 twice.
    expect(answer.data.total).toBe("5.5");
  });

  it("refuses a window that ends before it starts or runs over 366 days, on both doors", async () => {
    const { rest, call } = await setUp();
    const backwards = await rest("GET", "/income/calendar?from=2026-03-11&to=2026-03-10");
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain(incomeCalendarMessages.toBeforeFrom);
    const long = await rest("GET", "/income/calendar?from=2026-01-01&to=2027-01-03");
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain(incomeCalendarMessages.tooLong);
    // 366 days is allowed.
    expect((await rest("GET", "/income/calendar?from=2026-01-01&to=2027-01-02")).status).toBe(200);
    expect((await rest("GET", "/income/calendar?from=2026-13-01")).status).toBe(400);
    const trpc = await call("query", "income.calendar", { from: "2026-05-01", to: "2026-04-01" });
    expect(trpc.status).toBe(400);
    expect(trpc.message).toBe(incomeCalendarMessages.toBeforeFrom);
  });
});

describe("the income forecast", () => {
  it("adds the next twelve months by pay month with each holding's yields (REST and tRPC)", async () => {
    const { rest, call } = await setUp();
    const answer = await rest("GET", "/income/forecast");
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const forecast = answer.body as unknown as IncomeForecast;
    expect(forecast.from).toBe("2026-03-11");
    expect(forecast.to).toBe("2027-02-28");
    // April: 10 × 0.50; July: 15 × 0.55 declared; October and January: 15 × 0.55 expected.
    const months = Object.fromEntries(forecast.months.map((m) => [m.month, m.amount]));
    expect(months).toEqual({
      "2026-03": "0",
      "2026-04": "5",
      "2026-05": "0",
      "2026-06": "0",
      "2026-07": "8.25",
      "2026-08": "0",
      "2026-09": "0",
      "2026-10": "8.25",
      "2026-11": "0",
      "2026-12": "0",
      "2027-01": "8.25",
      "2027-02": "0",
    });
    expect(forecast.total).toBe("29.75");
    // KO: 15 × 0.55 × 4 = 33 a year; cost 10 × 60 + 5 × 62 = 910, 33 / 910 = 0.0362637...;
    // worth 15 × 62 = 930, 33 / 930 = 0.0354838...
    expect(forecast.holdings).toEqual([
      {
        symbol: "KO",
        quantity: "15",
        frequency: "quarterly",
        amountPerShare: "0.55",
        annualIncome: "33",
        costBasis: "910",
        marketValue: "930",
        yieldOnCost: "0.036264",
        currentYield: "0.035484",
      },
      {
        symbol: "TSLA",
        quantity: "1",
        frequency: null,
        amountPerShare: null,
        annualIncome: "0",
        costBasis: "200",
        marketValue: "200",
        yieldOnCost: "0",
        currentYield: "0",
      },
    ]);
    expect(forecast.annualIncome).toBe("33");
    const viaTrpc = await call<IncomeForecast>("query", "income.forecast");
    expect(viaTrpc.status, viaTrpc.message).toBe(200);
    expect(viaTrpc.data).toEqual(forecast);
  });

  it("answers one account's holdings alone, and 404 for an account not the user's", async () => {
    const { call, main } = await setUp();
    const answer = await call<IncomeForecast>("query", "income.forecast", { accountId: main.id });
    expect(answer.status, answer.message).toBe(200);
    // Main's 10 KO: April 5, then 10 × 0.55 = 5.5 in July, October and January.
    expect(answer.data.total).toBe("21.5");
    expect(answer.data.holdings.map((h) => [h.symbol, h.annualIncome])).toEqual([
      ["KO", "22"],
      ["TSLA", "0"],
    ]);
    const other = await t!.registerUser();
    const foreign = await t!.trpc("query", "income.forecast", { accountId: main.id }, other.token);
    expect(foreign.status).toBe(404);
  });
});

describe("access", () => {
  it("is the signed-in user's own: 401 signed out, nothing of another user's", async () => {
    await setUp();
    expect((await t!.request("GET", "/api/income/calendar")).status).toBe(401);
    expect((await t!.request("GET", "/api/income/forecast")).status).toBe(401);
    expect((await t!.trpc("query", "income.forecast", undefined)).status).toBe(401);
    const other = await t!.registerUser();
    const theirs = await t!.request("GET", "/api/income/calendar", { token: other.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ dividends: [], total: "0" });
    const forecast = await t!.request("GET", "/api/income/forecast", { token: other.token });
    expect(forecast.body).toMatchObject({ holdings: [], total: "0", annualIncome: "0" });
  });
});
