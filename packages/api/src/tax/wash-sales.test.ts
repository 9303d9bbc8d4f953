import { describe, expect, it } from "vitest";
import { lotView, replayLots, saleView } from "./lot-engine";
import { account, Trades } from "./lot-test-events";

const saleFigures = (replay: ReturnType<typeof replayLots>) =>
  replay.sales
    .map(saleView)
    .map(({ saleId, lotId, quantity, proceeds, costBasis, washSaleDisallowed, gain, term }) => ({
      saleId,
      lotId,
      quantity,
      proceeds,
      costBasis,
      washSaleDisallowed,
      gain,
      term,
    }));

const lotFigures = (replay: ReturnType<typeof replayLots>, asOf: string) =>
  replay
    .openLots()
    .map((lot) => lotView(lot, asOf))
    .map(
      ({
        accountId,
        lotId,
        acquiredAt,
        holdingPeriodFrom,
        remaining,
        costBasis,
        washSaleAdjustment,
        term,
      }) => ({
        accountId,
        lotId,
        acquiredAt,
        holdingPeriodFrom,
        remaining,
        costBasis,
        washSaleAdjustment,
        term,
      }),
    );

describe("wash sales", () => {
  it("passes IRS Publication 550's example: $250 disallowed, new basis $1,050", () => {
    const trades = new Trades();
    trades.buy("2024-01-02", "100", "1000");
    trades.sell("2024-03-01", "100", "750");
    trades.buy("2024-03-20", "100", "800");
    const replay = replayLots([account(1)], trades.events);
    expect(saleFigures(replay)).toEqual([
      {
        saleId: 2,
        lotId: "1",
        quantity: "100",
        proceeds: "750",
        costBasis: "1000",
        washSaleDisallowed: "250",
        gain: "0",
        term: "short",
      },
    ]);
    // Held 59 days (01-02 to 03-01): the replacement's holding period starts 59 days before
    // 03-20, on 01-21, so it is long-term after 2025-01-21 though bought on 2024-03-20.
    expect(lotFigures(replay, "2025-01-22")).toEqual([
      {
        accountId: 1,
        lotId: "3-1",
        acquiredAt: "2024-03-20",
        holdingPeriodFrom: "2024-01-21",
        remaining: "100",
        costBasis: "1050",
        washSaleAdjustment: "250",
        term: "long",
      },
    ]);
  });

  it("disallows a loss only up to the replacement quantity", () => {
    // Loss 250 on 100 shares, 40 bought back: 40/100 x 250 = 100 disallowed, 150 allowed.
    const trades = new Trades();
    trades.buy("2024-01-02", "100", "1000");
    trades.sell("2024-03-01", "100", "750");
    trades.buy("2024-03-10", "40", "320");
    const replay = replayLots([account(1)], trades.events);
    expect(saleFigures(replay)[0]).toMatchObject({ washSaleDisallowed: "100", gain: "-150" });
    expect(lotFigures(replay, "2024-03-10")).toMatchObject([
      { lotId: "3-1", remaining: "40", costBasis: "420", washSaleAdjustment: "100" },
    ]);
  });

  it("splits a larger replacement buy: only the replacement shares carry the loss and date", () => {
    // 50 shares sold at a loss of 100 (2 a share), 80 bought back: 50 of them get 1,00 each.
    const trades = new Trades();
    trades.buy("2024-01-02", "50", "500");
    trades.sell("2024-02-01", "50", "400");
    trades.buy("2024-02-15", "80", "640");
    const replay = replayLots([account(1)], trades.events);
    expect(saleFigures(replay)[0]).toMatchObject({ washSaleDisallowed: "100", gain: "0" });
    expect(lotFigures(replay, "2024-02-15")).toEqual([
      {
        accountId: 1,
        lotId: "3-1",
        acquiredAt: "2024-02-15",
        holdingPeriodFrom: "2024-01-16",
        remaining: "50",
        costBasis: "500",
        washSaleAdjustment: "100",
        term: "short",
      },
      {
        accountId: 1,
        lotId: "3",
        acquiredAt: "2024-02-15",
        holdingPeriodFrom: "2024-02-15",
        remaining: "30",
        costBasis: "240",
        washSaleAdjustment: "0",
        term: "short",
      },
    ]);
  });

  it("chains: a replacement sold at a loss passes the whole loss to the next replacement", () => {
    const trades = new Trades();
    trades.buy("2024-01-02", "100", "1000");
    trades.sell("2024-03-01", "100", "750"); // loss 250, disallowed into lot 3-1 (basis 1,050)
    trades.buy("2024-03-20", "100", "800");
    trades.sell("2024-04-10", "100", "700"); // loss 1,050 - 700 = 350, disallowed into 5-1
    trades.buy("2024-04-25", "100", "720"); // basis 720 + 350 = 1,070
    trades.sell("2024-06-03", "100", "1100"); // gain 1,100 - 1,070 = 30, no replacement
    const replay = replayLots([account(1)], trades.events);
    expect(
      saleFigures(replay).map(({ lotId, costBasis, washSaleDisallowed, gain }) => ({
        lotId,
        costBasis,
        washSaleDisallowed,
        gain,
      })),
    ).toEqual([
      { lotId: "1", costBasis: "1000", washSaleDisallowed: "250", gain: "0" },
      { lotId: "3-1", costBasis: "1050", washSaleDisallowed: "350", gain: "0" },
      { lotId: "5-1", costBasis: "1070", washSaleDisallowed: "0", gain: "30" },
    ]);
    // 30 = 1,100 + 750 + 700 - (1,000 + 800 + 720): every disallowed dollar came back.
    expect(replay.openLots()).toEqual([]);
  });

  it("counts a buy in the 30 days before the sale as the replacement", () => {
    const trades = new Trades();
    trades.buy("2024-01-02", "100", "1000");
    trades.buy("2024-02-20", "100", "800");
    trades.sell("2024-03-01", "100", "750"); // fifo: lot 1, loss 250; lot 2 replaces it
    // Lot 1 was held 59 days: lot 2-1 counts from 59 days before 02-20.
    const replay = replayLots([account(1)], trades.events);
    expect(saleFigures(replay)[0]).toMatchObject({
      lotId: "1",
      washSaleDisallowed: "250",
      gain: "0",
    });
    expect(lotFigures(replay, "2024-03-01")).toMatchObject([
      { lotId: "2-1", remaining: "100", costBasis: "1050", holdingPeriodFrom: "2023-12-23" },
    ]);
  });

  it("does not count a buy 31 days away, nor the shares the sale itself sold", () => {
    const trades = new Trades();
    trades.buy("2024-01-02", "100", "1000");
    trades.sell("2024-01-20", "100", "750"); // lot 1 bought 18 days before: it is what was sold
    trades.buy("2024-02-20", "100", "800"); // 31 days after
    const replay = replayLots([account(1)], trades.events);
    expect(saleFigures(replay)[0]).toMatchObject({ washSaleDisallowed: "0", gain: "-250" });
  });

  it("looks across the person's accounts", () => {
    const trades = new Trades();
    trades.buy("2024-01-02", "100", "1000", { accountId: 1 });
    trades.sell("2024-03-01", "100", "750", { accountId: 1 });
    trades.buy("2024-03-20", "100", "800", { accountId: 2 });
    const replay = replayLots([account(1), account(2)], trades.events);
    expect(saleFigures(replay)[0]).toMatchObject({ washSaleDisallowed: "250", gain: "0" });
    expect(lotFigures(replay, "2024-03-20")).toMatchObject([
      { accountId: 2, lotId: "3-1", costBasis: "1050" },
    ]);
  });

  it("loses the loss when the replacement is bought in an IRA", () => {
    const trades = new Trades();
    trades.buy("2024-01-02", "100", "1000", { accountId: 1 });
    trades.sell("2024-03-01", "100", "750", { accountId: 1 });
    trades.buy("2024-03-20", "100", "800", { accountId: 2 });
    const replay = replayLots([account(1), account(2, "fifo", "ira")], trades.events);
    expect(saleFigures(replay)[0]).toMatchObject({ washSaleDisallowed: "250", gain: "0" });
    expect(replay.sales[0]!.washSaleLost).toBe(true);
    // The IRA's shares keep their own basis: the 250 is gone, not deferred.
    expect(lotFigures(replay, "2024-03-20")).toMatchObject([
      { accountId: 2, lotId: "3", costBasis: "800", washSaleAdjustment: "0" },
    ]);
  });

  it("does not apply to sales inside an IRA", () => {
    const trades = new Trades();
    trades.buy("2024-01-02", "100", "1000");
    trades.sell("2024-03-01", "100", "750");
    trades.buy("2024-03-20", "100", "800");
    const replay = replayLots([account(1, "fifo", "roth-ira")], trades.events);
    expect(saleFigures(replay)[0]).toMatchObject({ washSaleDisallowed: "0", gain: "-250" });
  });

  it("does not apply to crypto", () => {
    const trades = new Trades();
    const crypto = { assetType: "CRYPTO" as const, symbol: "BTC" };
    trades.buy("2024-01-02", "1", "1000", crypto);
    trades.sell("2024-03-01", "1", "750", crypto);
    trades.buy("2024-03-20", "1", "800", crypto);
    const replay = replayLots([account(1)], trades.events);
    expect(saleFigures(replay)[0]).toMatchObject({ washSaleDisallowed: "0", gain: "-250" });
  });

  it("uses one replacement once: a second loss sale finds the next buy", () => {
    const trades = new Trades();
    trades.buy("2024-01-02", "20", "200");
    trades.sell("2024-03-01", "10", "80"); // loss 20
    trades.sell("2024-03-02", "10", "70"); // loss 30
    trades.buy("2024-03-05", "10", "75"); // replaces the first sale only
    const replay = replayLots([account(1)], trades.events);
    expect(saleFigures(replay).map((sale) => [sale.washSaleDisallowed, sale.gain])).toEqual([
      ["20", "0"],
      ["0", "-30"],
    ]);
  });
});
