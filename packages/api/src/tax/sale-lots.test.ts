import { describe, expect, it } from "vitest";
import type { InvestmentAccount, LotTradeRow, Transaction } from "@ledgerline/db";
import { bookSteps, inReplayOrder, replayLots, saleView, type LotEvent } from "./lot-engine";
import { account, lotDepsOf, Trades } from "./lot-test-events";
import { lotsAfterSale, symbolLotsNow } from "./sale-lots";

const accounts = [account(1, "fifo"), account(2, "average"), account(3, "lifo", "ira")];

/**
 * One symbol traded in three accounts day after day at 40-60 a share: losses bought back within
 * 30 days in the same account, the other taxable one or the IRA (wash sales deferred and lost).
 */
function tradeLog(count: number): LotEvent[] {
  let seed = 11;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const trades = new Trades();
  const held = new Map<number, number>();
  for (let day = 0; day < count; day += 1) {
    const date = new Date(Date.UTC(2024, 0, 2 + day * 3)).toISOString().slice(0, 10);
    const accountId = 1 + Math.floor(next() * 3);
    const have = held.get(accountId) ?? 0;
    const shares = 1 + Math.floor(next() * 9);
    const price = 40 + Math.floor(next() * 20);
    if (have >= shares && next() < 0.45) {
      trades.sell(date, String(shares), String(shares * price), { accountId });
      held.set(accountId, have - shares);
    } else {
      trades.buy(date, String(shares), String(shares * price + 1), { accountId });
      held.set(accountId, have + shares);
    }
  }
  return trades.events.sort(inReplayOrder);
}

function bookOf(events: readonly LotEvent[]) {
  const steps = bookSteps(accounts, events);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

const figures = (sales: readonly Parameters<typeof saleView>[0][]) =>
  sales.map((sale) => ({ ...saleView(sale), holdingFromDay: sale.holdingFromDay }));

describe("a sale continuing a kept replay", () => {
  it("gives each sale's lot rows as a replay of everything up to it does", () => {
    const events = tradeLog(250);
    const sells = events.flatMap((event, index) => (event.kind === "sell" ? [index] : []));
    let washSales = 0;
    for (const index of sells) {
      const before = bookOf(events.slice(0, index));
      const kept = figures(before.view().sales);
      const continued = before.withSale(events[index]!);
      const expected = replayLots(accounts, events.slice(0, index + 1));
      expect(continued).not.toBeNull();
      expect(figures(continued!.view().sales)).toEqual(figures(expected.sales));
      expect(continued!.view().openLots()).toEqual(expected.openLots());
      // The kept replay is as it was: the next reader of it sees no sale that is not its.
      expect(figures(before.view().sales)).toEqual(kept);
      const sale = expected.sales.filter(({ saleId }) => saleId === events[index]!.id);
      if (sale.some(({ washSaleDisallowed }) => washSaleDisallowed > 0n)) washSales += 1;
    }
    expect(washSales).toBeGreaterThan(10);
  });

  it("is refused for a buy, and for a sale not after every event replayed", () => {
    const events = tradeLog(40);
    const book = bookOf(events.slice(0, 30));
    const buy = events.slice(30).find((event) => event.kind === "buy")!;
    const earlierSale = events.slice(0, 30).findLast((event) => event.kind === "sell")!;
    expect(book.withSale(buy)).toBeNull();
    expect(book.withSale(earlierSale)).toBeNull();
  });
});

const lotAccounts = accounts.map((found) => ({ ...found, name: `#${found.id}` }));

function tradeRow(id: number, type: "BUY" | "SELL", quantity: string, price: string, day: number) {
  return {
    id,
    accountId: 1,
    transactionDate: new Date(Date.parse("2025-03-03T15:00:00Z") + day * 86_400_000),
    type: "STOCK" as const,
    symbol: "AAA",
    transactionType: type,
    quantity,
    price,
    fee: "0",
    total: "0",
  };
}

const depsOf = (log: { rows: LotTradeRow[]; version: number; reads: number }) =>
  lotDepsOf(lotAccounts as unknown as InvestmentAccount[], log);

/** What the repository writes for a sale: the row, the version one on. */
function sell(log: { rows: LotTradeRow[]; version: number }, sale: Transaction) {
  log.rows.push({ ...sale, pairedId: null, lotSelections: null });
  log.version += 1;
}

describe("a sell's lot rows", () => {
  const only = { assetType: "STOCK" as const, symbol: "AAA" };

  it("continue the symbol's replay when the sale is the only trade written since", async () => {
    // Bought 10 at 50, 5 more at 40 in the IRA ten days later; each sale of 2 at 45 is a loss
    // whose replacement is in the IRA: disallowed and lost, as a fresh replay has it.
    const log = {
      rows: [
        { ...tradeRow(1, "BUY", "10", "50", 0), pairedId: null, lotSelections: null },
        { ...tradeRow(2, "BUY", "5", "40", 10), accountId: 3, pairedId: null, lotSelections: null },
      ],
      version: 2,
      reads: 0,
    };
    const deps = depsOf(log);
    for (const [id, day] of [
      [3, 12],
      [4, 13],
    ] as const) {
      const before = await symbolLotsNow(deps, 1, only);
      const sale = { ...tradeRow(id, "SELL", "2", "45", day), notes: null };
      sell(log, sale);
      const replay = await lotsAfterSale(deps, 1, before, sale, null);
      const fresh = replayLots(accounts, (await symbolLotsNow(deps, 1, only)).lots.events);
      expect(figures(replay.sales)).toEqual(figures(fresh.sales));
      expect(replay.sales.at(-1)).toMatchObject({ saleId: id, washSaleLost: true });
    }
    // The first sale read the symbol; the second continued what the first left.
    expect(log.reads).toBe(1);
  });

  it("read the symbol again when another trade was written meanwhile", async () => {
    const log = {
      rows: [{ ...tradeRow(1, "BUY", "10", "50", 0), pairedId: null, lotSelections: null }],
      version: 1,
      reads: 0,
    };
    const deps = depsOf(log);
    const before = await symbolLotsNow(deps, 1, only);
    log.rows.push({ ...tradeRow(2, "BUY", "3", "40", 5), pairedId: null, lotSelections: null });
    log.version += 1;
    const sale = { ...tradeRow(3, "SELL", "12", "45", 6), notes: null };
    sell(log, sale);
    const replay = await lotsAfterSale(deps, 1, before, sale, null);
    expect(log.reads).toBe(2);
    expect(replay.sales.map(({ lotId, quantity }) => [lotId, quantity])).toEqual([
      ["1", 10_00000000n],
      ["2", 2_00000000n],
    ]);
  });
});
