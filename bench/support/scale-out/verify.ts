import { applyBuy, applySell, compare, parseDecimal, type Holding } from "@ledgerline/money";
import pg from "pg";

export interface Reconciliation {
  tradesStored: number;
  /** The Idempotency-Key each stored trade was made with. */
  requestKeys: string[];
  positions: number;
  /** Positions whose quantity or average price differs from a replay of the transaction log. */
  positionsOff: string[];
}

const exact = (value: string) => {
  const parsed = parseDecimal(value);
  if (parsed === undefined) throw new Error(`not a decimal in the database: ${value}`);
  return parsed;
};

/**
 * Counts the stored trades and replays every user's transaction log against their positions;
 * but `seededUserId`'s, written straight into the database rather than by the load (its random
 * sells may oversell, which the product's replay skips), whose recompute is checked apart.
 */
export async function reconcile(
  databaseUrl: string,
  seededUserId?: number,
): Promise<Reconciliation> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const trades = await client.query<{
      user_id: number;
      type: string;
      symbol: string;
      transaction_type: "BUY" | "SELL";
      quantity: string;
      price: string;
      request_key: string | null;
    }>(
      `SELECT user_id, type, symbol, transaction_type, quantity::text, price::text, request_key
         FROM transactions WHERE user_id <> $1 ORDER BY user_id, transaction_date, id`,
      [seededUserId ?? 0],
    );
    const replayed = new Map<string, Holding>();
    for (const trade of trades.rows) {
      const key = `${trade.user_id}/${trade.type}/${trade.symbol}`;
      const held = replayed.get(key) ?? null;
      if (trade.transaction_type === "BUY") {
        replayed.set(key, applyBuy(held, exact(trade.quantity), exact(trade.price)));
      } else {
        const sold = held ? applySell(held, exact(trade.quantity)) : undefined;
        if (!sold?.ok) throw new Error(`the log sells more than it holds: ${key}`);
        replayed.set(key, sold.holding);
      }
    }
    const positions = await client.query<{
      user_id: number;
      asset_type: string;
      symbol: string;
      quantity: string;
      average_price: string;
    }>(
      `SELECT user_id, asset_type, symbol, quantity::text, average_price::text FROM positions
        WHERE user_id <> $1`,
      [seededUserId ?? 0],
    );
    const positionsOff: string[] = [];
    const seen = new Set<string>();
    for (const row of positions.rows) {
      const key = `${row.user_id}/${row.asset_type}/${row.symbol}`;
      seen.add(key);
      const expected = replayed.get(key);
      const matches =
        expected !== undefined &&
        compare(expected.quantity, exact(row.quantity)) === 0 &&
        compare(expected.averagePrice, exact(row.average_price)) === 0;
      if (!matches) positionsOff.push(key);
    }
    // A position the log holds (not sold to zero) must exist.
    for (const [key, holding] of replayed) {
      if (!seen.has(key) && compare(holding.quantity, "0") !== 0)
        positionsOff.push(`${key} (missing)`);
    }
    return {
      tradesStored: trades.rowCount ?? 0,
      requestKeys: trades.rows.map((trade) => trade.request_key ?? "(none)"),
      positions: positions.rowCount ?? 0,
      positionsOff,
    };
  } finally {
    await client.end();
  }
}
