import type {
  HarvestReport,
  InvestmentAccount,
  LotsPage,
  RealizedReport,
  TradeResult,
} from "@ledgerline/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { stocksApp } from "../support/portfolio-support";
import type { TestApp } from "../support/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * The test clock stands at 2026-03-02 15:00 UTC: sells are made then. Two buys of AAPL in Main:
 * 10 at 100 with a fee of 5 on 2025-01-02 (long-term by the sale) and 10 at 120 on 2026-01-05.
 */
async function twoLots() {
  const app = await stocksApp();
  t = app.t;
  const rest = (method: "GET" | "POST" | "PUT", url: string, body?: unknown) =>
    t!.request(method, `/api${url}`, { token: app.token, body });
  const first = await app.buy({
    symbol: "AAPL",
    quantity: "10",
    purchasePrice: "100",
    fee: "5",
    purchaseDate: "2025-01-02T15:00:00Z",
  });
  const second = await app.buy({
    symbol: "AAPL",
    quantity: "10",
    purchasePrice: "120",
    purchaseDate: "2026-01-05T15:00:00Z",
  });
  expect(second.status).toBe(200);
  const [main] = (await rest("GET", "/accounts")).body as unknown as InvestmentAccount[];
  return {
    ...app,
    rest,
    main: main!,
    positionId: second.data.position!.id,
    firstLot: String(first.data.transaction.id),
    secondLot: String(second.data.transaction.id),
  };
}

describe("cost-basis methods on accounts", () => {
  it("gives new accounts fifo, takes another on create and change, refuses an unknown one", async () => {
    const { rest, main } = await twoLots();
    expect(main.costBasisMethod).toBe("fifo");
    const created = await rest("POST", "/accounts", { name: "Broker", costBasisMethod: "hifo" });
    expect(created.body).toMatchObject({ costBasisMethod: "hifo" });
    const changed = await rest("PUT", `/accounts/${main.id}`, { costBasisMethod: "lifo" });
    expect(changed.body).toMatchObject({ costBasisMethod: "lifo" });
    const refused = await rest("PUT", `/accounts/${main.id}`, { costBasisMethod: "newest" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("Cost-basis method must be one of");
    expect(
      ((await rest("GET", "/accounts")).body as unknown as InvestmentAccount[])[0],
    ).toMatchObject({
      costBasisMethod: "lifo",
    });
  });

  it("keeps average for an account written without a method, as the migration's were", async () => {
    // A fresh user whose accounts were never read: the list is not kept yet.
    const { t: app, user, token } = await stocksApp();
    t = app;
    const rest = (method: "GET", url: string) => app.request(method, `/api${url}`, { token });
    await app.sql(
      "INSERT INTO investment_accounts (user_id, name, type, institution, cash_tracked, display_order, is_default, created_at) VALUES (?, 'Old', 'taxable', NULL, false, 5, false, ?)",
      [user.id, Date.now()],
    );
    const accounts = (await rest("GET", "/accounts")).body as unknown as InvestmentAccount[];
    expect(accounts.find((account) => account.name === "Old")?.costBasisMethod).toBe("average");
  });
});

describe("selling lots", () => {
  it("sells first in first out by default and lists the lots sold (tRPC)", async () => {
    const { sell, positionId, firstLot, secondLot } = await twoLots();
    const sold = await sell({ positionId, quantity: "12", price: "130", fee: "6" });
    expect(sold.status).toBe(200);
    // Proceeds 1,560 - 6 = 1,554, 129.50 a share: lot 1 10 x = 1,295, lot 2 2 x = 259.
    expect(sold.data.realized).toEqual([
      {
        lotId: firstLot,
        quantity: "10",
        acquiredAt: "2025-01-02",
        proceeds: "1295",
        costBasis: "1005",
        washSaleDisallowed: "0",
        gain: "290",
        term: "long",
      },
      {
        lotId: secondLot,
        quantity: "2",
        acquiredAt: "2026-01-05",
        proceeds: "259",
        costBasis: "240",
        washSaleDisallowed: "0",
        gain: "19",
        term: "short",
      },
    ]);
  });

  it("sells the lots named, and the replay keeps selling them (REST)", async () => {
    const { rest, positionId, firstLot, secondLot } = await twoLots();
    const sold = await rest("POST", `/portfolio/${positionId}/sell`, {
      quantity: 5,
      price: 130,
      lots: [{ lotId: Number(secondLot), quantity: 5 }],
    });
    expect(sold.status).toBe(200);
    expect((sold.body as unknown as TradeResult).realized).toEqual([
      expect.objectContaining({ lotId: secondLot, quantity: "5", costBasis: "600", gain: "50" }),
    ]);
    const lots = (
      (await rest("GET", "/lots?symbol=AAPL&assetType=STOCK")).body as unknown as LotsPage
    ).lots;
    expect(lots.map((lot) => [lot.lotId, lot.remaining, lot.costBasis])).toEqual([
      [firstLot, "10", "1005"],
      [secondLot, "5", "600"],
    ]);
    const closedToo = ((await rest("GET", "/lots?open=false")).body as unknown as LotsPage).lots;
    expect(closedToo).toHaveLength(2);
  });

  it("lists every symbol's open lots by acquisition, and sold-out ones only with open=false", async () => {
    const { rest, buy, sell, positionId, firstLot, secondLot } = await twoLots();
    const msft = await buy({
      symbol: "MSFT",
      quantity: "3",
      purchasePrice: "400",
      purchaseDate: "2025-06-02T15:00:00Z",
    });
    expect(msft.status).toBe(200);
    expect((await sell({ positionId, quantity: "10", price: "130" })).status).toBe(200);
    const open = ((await rest("GET", "/lots")).body as unknown as LotsPage).lots;
    expect(open.map((lot) => [lot.symbol, lot.lotId, lot.remaining])).toEqual([
      ["MSFT", String(msft.data.transaction.id), "3"],
      ["AAPL", secondLot, "10"],
    ]);
    const all = ((await rest("GET", "/lots?open=false")).body as unknown as LotsPage).lots;
    expect(all.map((lot) => [lot.lotId, lot.remaining]).sort()).toEqual(
      [
        [firstLot, "0"],
        [secondLot, "10"],
        [String(msft.data.transaction.id), "3"],
      ].sort(),
    );
  });

  it("refuses lots that do not add up to the sale, naming the difference, and sells nothing", async () => {
    const { rest, call, positionId, firstLot, secondLot } = await twoLots();
    const refused = await rest("POST", `/portfolio/${positionId}/sell`, {
      quantity: 5,
      price: 130,
      lots: [
        { lotId: firstLot, quantity: 1 },
        { lotId: secondLot, quantity: 2.5 },
      ],
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(
      "The lots named add up to 3.5, not the 5 sold (a difference of 1.5)",
    );
    const viaTrpc = await call("mutation", "portfolio.sell", {
      positionId,
      quantity: "5",
      price: "130",
      lots: [{ lotId: firstLot, quantity: "6" }],
    });
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.message).toContain("a difference of 1");
    const unknown = await call("mutation", "portfolio.sell", {
      positionId,
      quantity: "5",
      price: "130",
      lots: [{ lotId: "999999", quantity: "5" }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe("Lot 999999 is not an open lot of this position's account");
    const tooMuch = await call("mutation", "portfolio.sell", {
      positionId,
      quantity: "11",
      price: "130",
      lots: [{ lotId: firstLot, quantity: "11" }],
    });
    expect(tooMuch.message).toBe(`Lot ${firstLot} has only 10 left to sell`);
    const lots = ((await rest("GET", "/lots")).body as unknown as LotsPage).lots;
    expect(lots.map((lot) => lot.remaining)).toEqual(["10", "10"]);
  });
});

describe("a holding moved between accounts", () => {
  it("keeps its lots: acquired dates and basis go with it, oldest first", async () => {
    const { rest, main, firstLot, secondLot } = await twoLots();
    const broker = (await rest("POST", "/accounts", { name: "Broker" }))
      .body as unknown as InvestmentAccount;
    const moved = await rest("POST", "/transfers", {
      fromAccountId: main.id,
      toAccountId: broker.id,
      date: "2026-02-02",
      symbol: "AAPL",
      assetType: "STOCK",
      quantity: 15,
    });
    expect(moved.status).toBe(200);
    const lotsIn = async (accountId: number) =>
      ((await rest("GET", `/lots?accountId=${accountId}`)).body as unknown as LotsPage).lots.map(
        ({ lotId, acquiredAt, remaining, costBasis }) => ({
          lotId,
          acquiredAt,
          remaining,
          costBasis,
        }),
      );
    // The first 10 (basis 1,000 + fee 5) and 5 of the second (5 x 120) move; 5 at 120 stay.
    expect(await lotsIn(broker.id)).toEqual([
      { lotId: firstLot, acquiredAt: "2025-01-02", remaining: "10", costBasis: "1005" },
      { lotId: secondLot, acquiredAt: "2026-01-05", remaining: "5", costBasis: "600" },
    ]);
    expect(await lotsIn(main.id)).toEqual([
      { lotId: secondLot, acquiredAt: "2026-01-05", remaining: "5", costBasis: "600" },
    ]);
  });
});

describe("the tax report", () => {
  it("totals a year's lot sales by term, leaves an IRA out, and exports Form 8949", async () => {
    const { rest, call, positionId } = await twoLots();
    await sellAll(call, positionId);
    const ira = (await rest("POST", "/accounts", { name: "IRA", type: "ira" }))
      .body as unknown as InvestmentAccount;
    const inIra = await call<TradeResult>("mutation", "portfolio.buy", {
      symbol: "MSFT",
      quantity: "1",
      purchasePrice: "300",
      purchaseDate: "2026-01-05T15:00:00Z",
      accountId: ira.id,
    });
    await call("mutation", "portfolio.sell", {
      positionId: inIra.data.position!.id,
      quantity: "1",
      price: "200",
    });

    const report = await rest("GET", "/tax/realized?year=2026");
    expect(report.status).toBe(200);
    const body = report.body as unknown as RealizedReport;
    expect(body.longTerm).toEqual({
      proceeds: "1300",
      costBasis: "1005",
      washSaleDisallowed: "0",
      gain: "295",
    });
    expect(body.shortTerm).toEqual({
      proceeds: "1300",
      costBasis: "1200",
      washSaleDisallowed: "0",
      gain: "100",
    });
    expect(body.total.gain).toBe("395");
    expect(body.rows.map((row) => row.symbol)).toEqual(["AAPL", "AAPL"]);
    expect(body.excludedAccounts).toEqual([{ id: ira.id, name: "IRA", type: "ira" }]);
    // The IRA's sale is left out of the years a report can be asked for too.
    expect(body.years).toEqual([2026]);
    expect((await rest("GET", "/tax/realized?year=2025")).body).toMatchObject({
      rows: [],
      years: [2026],
    });
    expect((await rest("GET", "/tax/realized?year=twenty")).status).toBe(400);

    const csv = await t!.request("GET", "/api/tax/form-8949.csv?year=2026", { token: undefined });
    expect(csv.status).toBe(401);
    const file = await rest("GET", "/tax/form-8949.csv?year=2026");
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toContain("text/csv");
    expect(file.headers["content-disposition"]).toContain("form-8949-2026.csv");
    const lines = file.text.split("\r\n");
    expect(lines.slice(0, 3)).toEqual([
      "Form 8949 - Sales and Other Dispositions of Capital Assets - tax year 2026",
      "Part I - Short-term transactions (assets held one year or less)",
      "(a) Description of property,(b) Date acquired,(c) Date sold or disposed of,(d) Proceeds (sales price),(e) Cost or other basis,(f) Code(s),(g) Amount of adjustment,(h) Gain or (loss)",
    ]);
    expect(lines).toContain("10 sh AAPL,01/05/2026,03/02/2026,1300.00,1200.00,,,100.00");
    expect(lines).toContain("10 sh AAPL,01/02/2025,03/02/2026,1300.00,1005.00,,,295.00");
    expect(lines.filter((line) => line.startsWith("Totals,"))).toEqual([
      "Totals,,,1300.00,1200.00,,0.00,100.00",
      "Totals,,,1300.00,1005.00,,0.00,295.00",
    ]);
  });

  it("disallows a wash sale's loss and warns before harvesting into one", async () => {
    const app = await stocksApp();
    t = app.t;
    const bought = await app.buy({
      symbol: "AAPL",
      quantity: "100",
      purchasePrice: "10",
      purchaseDate: "2026-01-02T15:00:00Z",
    });
    await app.buy({
      symbol: "AAPL",
      quantity: "100",
      purchasePrice: "8",
      purchaseDate: "2026-02-20T15:00:00Z",
    });
    // First in first out sells the 2026-01-02 lot at a loss of 250; the 02-20 buy replaces it.
    const sold = await app.sell({
      positionId: bought.data.position!.id,
      quantity: "100",
      price: "7.5",
    });
    expect(sold.data.realized).toEqual([
      expect.objectContaining({ costBasis: "1000", washSaleDisallowed: "250", gain: "0" }),
    ]);
    const lots = await app.call<LotsPage>("query", "tax.lots", {});
    expect(lots.data.lots).toEqual([
      expect.objectContaining({
        lotId: `${bought.data.transaction.id + 1}-1`,
        costBasis: "1050",
        washSaleAdjustment: "250",
      }),
    ]);
    const harvest = await app.call<HarvestReport>("query", "tax.harvest");
    expect(harvest.status).toBe(200);
    for (const lot of harvest.data.lots) expect(compareLoss(lot.loss)).toBe(true);
  });
});

const compareLoss = (loss: string) => Number(loss) > 0;

async function sellAll(
  call: Awaited<ReturnType<typeof stocksApp>>["call"],
  positionId: number,
): Promise<void> {
  const sold = await call<TradeResult>("mutation", "portfolio.sell", {
    positionId,
    quantity: "20",
    price: "130",
  });
  expect(sold.status).toBe(200);
}
