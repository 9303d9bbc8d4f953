import { describe, expect, it } from "vitest";
import type { InvestmentAccount, LotTradeRow } from "@ledgerline/db";
import { keptLots } from "./kept-lots";
import { replayLots, saleView, type LotSaleState } from "./lot-engine";
import { lotEventOf } from "./lot-events";
import { lotDepsOf } from "./lot-test-events";

/** A log over 4 symbols and 3 accounts, with losses bought back within 30 days (wash sales). */
function tradeLog(count: number): LotTradeRow[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const held = new Map<string, number>();
  const rows: LotTradeRow[] = [];
  for (let id = 1; id <= count; id += 1) {
    const symbol = ["AAA", "BBB", "CCC", "DDD"][Math.floor(next() * 4)]!;
    const accountId = 1 + Math.floor(next() * 3);
    const key = `${accountId}:${symbol}`;
    const have = held.get(key) ?? 0;
    const quantity = 1 + Math.floor(next() * 9);
    const sell = have >= quantity && next() < 0.45;
    held.set(key, have + (sell ? -quantity : quantity));
    rows.push(row(id, accountId, symbol, sell ? "SELL" : "BUY", quantity, 40 + next() * 20, id));
  }
  return rows;
}

function row(
  id: number,
  accountId: number,
  symbol: string,
  transactionType: "BUY" | "SELL",
  quantity: number,
  price: number,
  day: number,
): LotTradeRow {
  return {
    id,
    accountId,
    transactionDate: new Date(Date.parse("2024-01-02T15:00:00Z") + day * 86_400_000 + id),
    type: "STOCK",
    symbol,
    transactionType,
    quantity: String(quantity),
    price: price.toFixed(2),
    fee: "1",
    total: "0",
    pairedId: null,
    lotSelections: null,
  };
}

const accounts = [
  { id: 1, type: "taxable", costBasisMethod: "fifo" },
  { id: 2, type: "taxable", costBasisMethod: "hifo" },
  { id: 3, type: "ira", costBasisMethod: "fifo" },
] as InvestmentAccount[];

const depsOf = (log: { rows: LotTradeRow[]; version: number; reads: number }) =>
  lotDepsOf(accounts, log);

const bySale = (a: LotSaleState, b: LotSaleState) => a.saleId - b.saleId;

/** The figures of one replay of the whole log, as the kept lots must give them. */
function fullReplay(rows: readonly LotTradeRow[]) {
  const replay = replayLots(accounts, rows.map(lotEventOf));
  return { sales: [...replay.sales].sort(bySale).map(saleView), open: replay.openLots() };
}

describe("kept lots", () => {
  it("give the figures of one replay of the whole log, symbol by symbol", async () => {
    const log = { rows: tradeLog(600), version: 1, reads: 0 };
    const { replay } = await keptLots(depsOf(log), 1);
    const expected = fullReplay(log.rows);
    expect(expected.sales.some((sale) => sale.washSaleDisallowed !== "0")).toBe(true);
    expect([...replay.sales].sort(bySale).map(saleView)).toEqual(expected.sales);
    expect(replay.openLots()).toEqual(expected.open);
  });

  it("read nothing again while the trades' version stands", async () => {
    const log = { rows: tradeLog(200), version: 1, reads: 0 };
    const deps = depsOf(log);
    const first = await keptLots(deps, 1);
    expect(await keptLots(deps, 1)).toBe(first);
    expect(log.reads).toBe(1);
  });

  it("replay only the symbol a new trade changed, with the figures of a full replay", async () => {
    const log = { rows: tradeLog(600), version: 1, reads: 0 };
    const deps = depsOf(log);
    const before = await keptLots(deps, 1);
    // A loss bought back the next day: a wash sale that changes AAA's lots and nothing else.
    log.rows.push(row(601, 1, "AAA", "BUY", 1, 10, 700), row(602, 2, "AAA", "BUY", 1, 9, 701));
    log.version = 2;
    const after = await keptLots(deps, 1);
    expect(after.symbols.get("STOCK:AAA")).not.toBe(before.symbols.get("STOCK:AAA"));
    for (const symbol of ["BBB", "CCC", "DDD"]) {
      expect(after.symbols.get(`STOCK:${symbol}`)).toBe(before.symbols.get(`STOCK:${symbol}`));
    }
    const expected = fullReplay(log.rows);
    expect([...after.replay.sales].sort(bySale).map(saleView)).toEqual(expected.sales);
    expect(after.replay.openLots()).toEqual(expected.open);
  });
});
