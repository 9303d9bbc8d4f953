import { SimulatedStockMarket } from "@ledgerline/market";
import { fromStored, multiply, toStored } from "@ledgerline/money";
import { TradeLedger } from "@ledgerline/api/accounting/portfolio-valuation";

const DAY = 86_400_000;
/** The history's span: five years up to `end`. */
export const HEAVY_SPAN_MS = 5 * 365 * DAY;

/** 200 symbols listed before the history starts, so each has daily bars. */
export function heavySymbols(): string[] {
  return new SimulatedStockMarket()
    .symbols()
    .filter((symbol) => symbol !== "SPY")
    .slice(0, 200);
}

/**
 * A long history written straight into the transactions table (the fastest seeding the benches
 * know): `trades` trades over five years up to `end`, round-robin over the symbols and accounts,
 * buys mostly and a sell of one share now and then, every sell within what was bought before.
 */
export function heavyTradeRows(options: {
  userId: number;
  accountIds: number[];
  trades: number;
  end: number;
}) {
  const { userId, accountIds, trades, end } = options;
  const symbols = heavySymbols();
  let seed = 42;
  const random = () => ((seed = (seed * 48271) % 2147483647), seed / 2147483647);
  return Array.from({ length: trades }, (_, i) => {
    const date = end - HEAVY_SPAN_MS + Math.floor((i / trades) * HEAVY_SPAN_MS);
    const symbol = symbols[i % symbols.length]!;
    const side: "BUY" | "SELL" =
      i >= symbols.length * 2 * accountIds.length && random() < 0.2 ? "SELL" : "BUY";
    const price = (50 + Math.floor(random() * 20000) / 100).toFixed(2);
    return {
      userId,
      accountId: accountIds[i % accountIds.length]!,
      transactionDate: new Date(date),
      type: "STOCK" as const,
      symbol,
      transactionType: side,
      quantity: toStored("1"),
      price: toStored(price),
      total: toStored(multiply("1", price)),
      notes: null,
      createdAt: new Date(date),
    };
  });
}

/**
 * The positions a buy or an import keeps beside the trades: without them the user holds nothing
 * now, and every read would value all 200 symbols from their daily bars.
 */
export function heavyPositionRows(rows: ReturnType<typeof heavyTradeRows>, end: number) {
  const ledgers = new Map<number, TradeLedger>();
  for (const row of rows) {
    const ledger = ledgers.get(row.accountId) ?? new TradeLedger();
    ledgers.set(row.accountId, ledger);
    ledger.apply({
      ...row,
      quantity: fromStored(row.quantity),
      price: fromStored(row.price),
      fee: "0",
    });
  }
  const opened = new Date(end - HEAVY_SPAN_MS);
  return [...ledgers].flatMap(([accountId, ledger]) =>
    ledger.held().map((held) => ({
      userId: rows[0]!.userId,
      accountId,
      assetType: held.type,
      symbol: held.symbol,
      quantity: toStored(held.quantity),
      averagePrice: toStored(held.averagePrice),
      openedAt: opened,
      updatedAt: new Date(end),
    })),
  );
}
