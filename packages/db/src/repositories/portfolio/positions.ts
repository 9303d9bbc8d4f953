import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../database";
import type { AssetType } from "../../schema";
import { toPosition, type Position } from "./rows";

/** The user's first position of this asset type that `match` picks (by account), if any. */
async function findPosition(
  database: Database,
  userId: number,
  assetType: AssetType,
  match: SQL,
): Promise<Position | undefined> {
  const {
    db,
    tables: { positions },
  } = database;
  const row = await database.first(
    db
      .select()
      .from(positions)
      .where(and(eq(positions.userId, userId), eq(positions.assetType, assetType), match))
      .orderBy(asc(positions.accountId))
      .limit(1),
  );
  return row ? toPosition(row) : undefined;
}

/** Reads of the user's positions: the list the portfolio screens poll, and one by id or symbol. */
export function positionReads(database: Database) {
  const { db, tables } = database;
  const { positions } = tables;
  // Prepared once: the positions are what the portfolio screens poll.
  const ofUserAsset = [
    eq(positions.userId, sql.placeholder("userId")),
    eq(positions.assetType, sql.placeholder("assetType")),
  ];
  const listStatement = database.prepare(
    "positions_list",
    db
      .select()
      .from(positions)
      .where(and(...ofUserAsset))
      .orderBy(asc(positions.symbol), asc(positions.accountId)),
  );
  const accountListStatement = database.prepare(
    "positions_account_list",
    db
      .select()
      .from(positions)
      .where(and(...ofUserAsset, eq(positions.accountId, sql.placeholder("accountId"))))
      .orderBy(asc(positions.symbol)),
  );

  return {
    /** The user's positions of an asset type, by symbol (then account); of one account, or all. */
    async list(userId: number, assetType: AssetType, accountId?: number): Promise<Position[]> {
      const rows =
        accountId === undefined
          ? await listStatement.all({ userId, assetType })
          : await accountListStatement.all({ userId, assetType, accountId });
      return rows.map(toPosition);
    },

    async findById(
      userId: number,
      assetType: AssetType,
      id: number,
    ): Promise<Position | undefined> {
      return findPosition(database, userId, assetType, eq(positions.id, id));
    },

    /** The user's position in the symbol: in the account, or (without one) in any account. */
    async findBySymbol(
      userId: number,
      assetType: AssetType,
      symbol: string,
      accountId?: number,
    ): Promise<Position | undefined> {
      return findPosition(
        database,
        userId,
        assetType,
        accountId === undefined
          ? eq(positions.symbol, symbol)
          : and(eq(positions.symbol, symbol), eq(positions.accountId, accountId))!,
      );
    },
  };
}
