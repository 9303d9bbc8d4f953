import { multiply, toStored, type Holding } from "@ledgerline/money";
import { and, eq, gte } from "drizzle-orm";
import type { Db, Tables } from "../../database";
import { first, type Work } from "../../database";
import type { AssetType, PositionRow } from "../../schema";
import { defaultAccountId, ownsAccount } from "../investment-accounts";
import { markSnapshotsStale } from "../snapshots";
import { lockUser as lockUserRow } from "../user-lock";
import {
  toPosition,
  toTransaction,
  type Transaction,
  type TradeOutcome,
  type TradeRequest,
} from "./rows";

/** The steps a buy, a sell and an import share, inside their write transaction. */

/** The position a holding is written to: the user's, in an account, of one symbol. */
export interface PositionKey {
  userId: number;
  accountId: number;
  assetType: AssetType;
  symbol: string;
}

/** Writes `holding` over the position's row, or opens the position at `openedAt` if it has none. */
export function* writeHolding(
  tx: Db,
  { positions }: Tables,
  row: PositionRow | undefined,
  key: PositionKey,
  holding: Holding,
  now: Date,
  openedAt = now,
): Work<PositionRow> {
  const stored = {
    quantity: toStored(holding.quantity),
    averagePrice: toStored(holding.averagePrice),
    updatedAt: now,
  };
  return yield* first(
    row
      ? tx.update(positions).set(stored).where(eq(positions.id, row.id)).returning()
      : tx
          .insert(positions)
          .values({ ...key, openedAt, ...stored })
          .returning(),
  );
}

export function* insertTransaction(
  tx: Db,
  { transactions }: Tables,
  request: TradeRequest & { symbol: string; accountId: number },
  side: "BUY" | "SELL",
): Work<Transaction> {
  yield* markSnapshotsStale(request.userId, request.transactionDate, request);
  const row = yield* first(
    tx
      .insert(transactions)
      .values({
        userId: request.userId,
        accountId: request.accountId,
        transactionDate: request.transactionDate,
        type: request.assetType,
        symbol: request.symbol,
        transactionType: side,
        quantity: toStored(request.quantity),
        price: toStored(request.price),
        total: toStored(multiply(request.quantity, request.price)),
        fee: toStored(request.fee ?? "0"),
        notes: request.notes,
        lotSelections: request.lotSelections?.length
          ? JSON.stringify(
              request.lotSelections.map(({ lotId, quantity }) => ({ lotId, quantity })),
            )
          : null,
        requestKey: request.requestKey?.key ?? null,
        createdAt: request.now,
      })
      .returning(),
  );
  return toTransaction(row);
}

/** The named account, or the user's default one. */
export function* accountOf(
  tx: Db,
  { investmentAccounts }: Tables,
  request: { userId: number; accountId?: number },
): Work<number> {
  return request.accountId ?? (yield* defaultAccountId(tx, investmentAccounts, request.userId));
}

/** Only the named account's positions, when one is named. */
export const inAccount = ({ positions }: Tables, accountId: number | undefined) =>
  accountId === undefined ? [] : [eq(positions.accountId, accountId)];

/**
 * Waits for (then holds) the user's other trades; false when the named account is not the
 * user's (read under the user's lock, so it cannot go meanwhile).
 */
export function* lockUser(
  tx: Db,
  tables: Tables,
  request: { userId: number; accountId?: number },
): Work<boolean> {
  yield* lockUserRow(tx, tables, request.userId);
  const { investmentAccounts } = tables;
  return (
    request.accountId === undefined ||
    (yield* ownsAccount(tx, investmentAccounts, request.userId, request.accountId))
  );
}

/**
 * Waits for (then holds) the user's other trades; answers the trade an earlier attempt of this
 * request made, if any, or a refusal when the account is not the user's.
 */
export function* lockTrader(
  tx: Db,
  tables: Tables,
  request: TradeRequest,
): Work<TradeOutcome | undefined> {
  const { positions, transactions } = tables;
  if (!(yield* lockUser(tx, tables, request))) return { ok: false, reason: "account_not_found" };
  if (!request.requestKey) return undefined;
  const row = yield* first(
    tx
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, request.userId),
          eq(transactions.requestKey, request.requestKey.key),
          gte(transactions.createdAt, request.requestKey.since),
        ),
      ),
  );
  if (!row) return undefined;
  const position = yield* first(
    tx
      .select()
      .from(positions)
      .where(
        and(
          eq(positions.userId, row.userId),
          eq(positions.accountId, row.accountId),
          eq(positions.assetType, row.type),
          eq(positions.symbol, row.symbol),
        ),
      ),
  );
  return {
    ok: true,
    position: position ? toPosition(position) : null,
    transaction: toTransaction(row),
  };
}
