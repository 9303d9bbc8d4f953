import type { TransactionSortColumn } from "@ledgerline/contracts";
import { fromStored } from "@ledgerline/money";
import {
  pause,
  raw,
  type Database,
  type Dialect,
  type SqliteDatabase,
  type Work,
} from "../database";
import { transactionTypes, type AssetType, type TransactionType } from "../schema";
import type { Position, Transaction } from "./portfolio";
import { sharedKind } from "./trade-log";

/** The filters of the transaction history; all optional, combined with AND. */
export interface TransactionFilter {
  /** Inclusive bounds on the transaction date. */
  startDate?: Date;
  endDate?: Date;
  /**
   * Exact symbols, in the order `symbolsContaining` gives them (the database's): rows with any
   * of them. An empty list matches nothing.
   */
  symbols?: readonly string[];
  type?: AssetType;
  transactionType?: TransactionType;
  /** One investment account's rows (every index holds account_id, so it is checked in the index). */
  accountId?: number;
}

export interface TransactionOrder {
  sortBy: TransactionSortColumn;
  sortOrder: "asc" | "desc";
}

export interface TransactionPageRequest extends TransactionFilter, TransactionOrder {
  userId: number;
  offset: number;
  limit: number;
  /** The count stops here: `totalCount` is at most this, with `totalCountCapped` set beyond it. */
  countUpTo: number;
}

export interface TransactionPage {
  rows: Transaction[];
  totalCount: number;
  totalCountCapped: boolean;
}

export interface TransactionBatchRequest extends TransactionFilter, TransactionOrder {
  userId: number;
  /** Where the previous batch ended (its `nextCursor`); the first batch has none. */
  after?: TransactionCursor;
  limit: number;
}

export interface TransactionBatch {
  rows: Transaction[];
  nextCursor: TransactionCursor | null;
}

/** A held position with the last prices known for it, for when the market cannot price it now. */
export interface HeldPosition extends Position {
  /** The user's latest trade in it. */
  lastTrade: { price: string; at: Date } | null;
  /** The last quote stored on the user's watchlist row, if the symbol is watched. */
  watchlistQuote: { price: string; at: Date; name: string | null } | null;
}

/** A trade as the portfolio's value history replays it. */
export interface Trade {
  transactionDate: Date;
  type: AssetType;
  symbol: string;
  transactionType: TransactionType;
  quantity: string;
  price: string;
  /** 0 when the trade had none. */
  fee: string;
}

/** A position in one sort order: the run it is in and the sort key of the last row read. */
export interface TransactionCursor {
  sortBy: TransactionSortColumn;
  sortOrder: "asc" | "desc";
  run: number;
  key: (string | number)[];
}

// How pages are read
//
// Every page is an ordered range of one index (schema/portfolio.ts), forced with INDEXED BY so
// that no input can tip the planner into sorting a large set. Filters that are not the index's
// prefix are written as `+column = ?`: the unary plus keeps SQLite from treating the column as a
// constant that it then cannot match against the index order (it would add a sort). Each index
// holds every filter column it does not lead with, so the id query below never reads the table.
// Ids come first and the rows after, by primary key: skipping rows (OFFSET) and checking filters
// then never touches the table. The asset type and side have two values each; ordering by one
// of them reads one date-ordered run per value, one after the other.
//
// The symbol filter is a text: first the user's symbols containing it (one index seek per
// distinct symbol). One symbol is the prefix of its index's symbol twin. Several are one range
// per symbol in that twin, merged in sort order by the database, so a page still reads about as
// many index entries as it returns.

type Column =
  | "transaction_date"
  | "type"
  | "transaction_type"
  | "symbol"
  | "quantity"
  | "price"
  | "total"
  | "id";

interface IndexOrder {
  index: string;
  /** The index's columns after user_id, then id: the total order a page follows. */
  columns: Column[];
}

const byDate: IndexOrder = {
  index: "transactions_user_date_idx",
  columns: ["transaction_date", "type", "transaction_type", "id"],
};
const bySymbolThenDate: IndexOrder = {
  index: "transactions_user_symbol_date_idx",
  columns: ["symbol", "transaction_date", "type", "transaction_type", "id"],
};
const byAmount = (column: "quantity" | "price" | "total"): IndexOrder => ({
  index: `transactions_user_${column}_idx`,
  columns: [column, "transaction_date", "type", "transaction_type", "symbol", "id"],
});
/** With the symbol filtered, its twin: the same order within that symbol's rows. */
const bySymbolThenAmount = (column: "quantity" | "price" | "total"): IndexOrder => ({
  index: `transactions_user_symbol_${column}_idx`,
  columns: ["symbol", column, "transaction_date", "type", "transaction_type", "id"],
});

/** One ordered index range; `pinned` narrows it to one value of a two-valued sort column. */
interface Run {
  order: IndexOrder;
  pinned?: { column: "type" | "transaction_type"; value: string };
  /**
   * With several symbols: the range is read as one arm per symbol on this symbol-led twin of
   * `order`, each a seek in sort order, merged (SQLite's MERGE of a compound SELECT, PostgreSQL's
   * Merge Append). The page then follows `order` exactly, as it would unfiltered.
   */
  arms?: IndexOrder;
}

/**
 * Beyond this many symbols the arms are too many for one statement (SQLite allows 500); so many
 * matches are most of a history, and a filter on the unfiltered order's range finds a page soon.
 */
const MAX_MERGED_SYMBOLS = 64;

const kindRuns = {
  type: { column: "type", values: ["CRYPTO", "STOCK"] },
  // In text order; a run each (transfers' rows too: a sort by kind must not lose them).
  transactionType: { column: "transaction_type", values: transactionTypes },
} as const;

function runsOf(request: TransactionFilter & TransactionOrder): Run[] {
  const symbols = request.symbols?.length ?? 0;
  const runOf = (order: IndexOrder, twin: IndexOrder): Run =>
    symbols === 1
      ? { order: twin }
      : symbols > 1 && symbols <= MAX_MERGED_SYMBOLS
        ? { order, arms: twin }
        : { order };
  const amountOrder = (column: "quantity" | "price" | "total") =>
    runOf(byAmount(column), bySymbolThenAmount(column));
  switch (request.sortBy) {
    case "transactionDate":
      return [runOf(byDate, bySymbolThenDate)];
    case "symbol":
      return [runOf(bySymbolThenDate, bySymbolThenDate)];
    case "quantity":
      return [amountOrder("quantity")];
    case "price":
      return [amountOrder("price")];
    case "transactionTotal":
      return [amountOrder("total")];
    case "type":
    case "transactionType": {
      const { column, values } = kindRuns[request.sortBy];
      const wanted = request.sortBy === "type" ? request.type : request.transactionType;
      const ordered = request.sortOrder === "asc" ? [...values] : [...values].reverse();
      return ordered
        .filter((value) => wanted === undefined || value === wanted)
        .map((value) => ({ ...runOf(byDate, bySymbolThenDate), pinned: { column, value } }));
    }
  }
}

interface Query {
  sql: string;
  params: (string | number | number[] | string[])[];
}

/**
 * The WHERE clause. In an ordered read (`run` given) filters that are not the index's prefix are
 * written `+column = ?` on SQLite; a count lets the planner pick any index, so they are plain
 * there. PostgreSQL's planner needs no such hint (and has no unary plus for text).
 */
function conditions(
  dialect: Dialect,
  request: TransactionFilter & { userId: number },
  run: Run | null,
  pinned?: Run["pinned"],
  dateBoundsInKeyset = false,
): Query {
  const parts = ["user_id = ?"];
  const params: Query["params"] = [request.userId];
  const residual = run === null || dialect === "postgres" ? "" : "+";
  const { symbols } = request;
  if (symbols?.length === 1) {
    const symbolIsPrefix = run === null || run.order.columns[0] === "symbol";
    parts.push(symbolIsPrefix ? "symbol = ?" : `${residual}symbol = ?`);
    params.push(symbols[0]!);
  } else if (symbols !== undefined) {
    // The list travels as one parameter, so any number of symbols is one statement.
    parts.push(
      dialect === "postgres"
        ? "symbol = ANY(?)"
        : `${residual}symbol IN (SELECT value FROM json_each(?))`,
    );
    params.push(dialect === "postgres" ? [...symbols] : JSON.stringify(symbols));
  }
  const type = pinned?.column === "type" ? pinned.value : request.type;
  if (type !== undefined) {
    parts.push(`${residual}type = ?`);
    params.push(type);
  }
  const side = pinned?.column === "transaction_type" ? pinned.value : request.transactionType;
  if (side !== undefined) {
    parts.push(`${residual}transaction_type = ?`);
    params.push(side);
  }
  if (request.accountId !== undefined) {
    parts.push(`${residual}account_id = ?`);
    params.push(request.accountId);
  }
  if (request.startDate && !dateBoundsInKeyset) {
    parts.push("transaction_date >= ?");
    params.push(request.startDate.getTime());
  }
  if (request.endDate && !dateBoundsInKeyset) {
    parts.push("transaction_date <= ?");
    params.push(request.endDate.getTime());
  }
  return { sql: parts.join(" AND "), params };
}

type Key = (string | number)[];

/** Row-value order, as SQLite compares (integers numerically, text bytewise). */
function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** The SELECT of one ordered index range after `after`, without its order and limit. */
function rangeQuery(
  dialect: Dialect,
  request: TransactionFilter & TransactionOrder & { userId: number },
  run: Run,
  after: Key | undefined,
  select: string,
): Query {
  const { columns } = run.order;
  // A symbol pinned by the filter is the range's prefix already: the keyset starts after it,
  // so that it seeks straight to the cursor instead of filtering from the symbol's first row.
  const skip = request.symbols?.length === 1 && columns[0] === "symbol" ? 1 : 0;
  const keyColumns = columns.slice(skip);
  // SQLite seeks on one lower and one upper bound of the leading column. When that column is the
  // date, the date filter is written as row values too, merged with the cursor, so both ends of
  // the range stay seeks: (date, type, side, id) > (start, '', '', 0) is date >= start.
  const dateLeads = after !== undefined && keyColumns[0] === "transaction_date";
  const where = conditions(dialect, request, run, run.pinned, dateLeads);
  const bounds: { op: "<" | ">"; key: Key }[] = [];
  if (after) {
    const cursor = after.slice(skip);
    const ascending = request.sortOrder === "asc";
    const start = dateLeads && request.startDate ? [request.startDate.getTime(), "", "", 0] : null;
    const end = dateLeads && request.endDate ? [request.endDate.getTime() + 1, "", "", 0] : null;
    if (ascending) {
      bounds.push({ op: ">", key: start && compareKeys(start, cursor) > 0 ? start : cursor });
      if (end) bounds.push({ op: "<", key: end });
    } else {
      bounds.push({ op: "<", key: end && compareKeys(end, cursor) < 0 ? end : cursor });
      if (start) bounds.push({ op: ">", key: start });
    }
  }
  const keyset = bounds
    .map(
      ({ op }) => ` AND (${keyColumns.join(", ")}) ${op} (${keyColumns.map(() => "?").join(", ")})`,
    )
    .join("");
  return {
    sql:
      `SELECT ${select} FROM transactions${dialect === "sqlite" ? ` INDEXED BY ${run.order.index}` : ""}` +
      ` WHERE ${where.sql}${keyset}`,
    params: [...where.params, ...bounds.flatMap((bound) => bound.key)],
  };
}

/**
 * The arms of a merged run, one per symbol, each with its part of the cursor. The symbol sits
 * first in the sort order, right before the id, or nowhere; where it sits before the id, the
 * rows of an arm that tie with the cursor up to the symbol all come after it (or none do), by
 * where the arm's symbol stands against the cursor's.
 */
function armsOf(
  dialect: Dialect,
  request: TransactionFilter & TransactionOrder,
  run: Run & { arms: IndexOrder },
  after: Key | undefined,
): { symbol: string; after?: Key }[] {
  const symbols = request.symbols ?? [];
  const at = run.order.columns.indexOf("symbol");
  if (!after) return symbols.map((symbol) => ({ symbol }));
  if (at < 0) return symbols.map((symbol) => ({ symbol, after: [symbol, ...after] }));
  const rest = after.filter((_, i) => i !== at);
  const ascending = request.sortOrder === "asc";
  const cursorAt = symbols.indexOf(after[at] as string);
  return symbols.flatMap((symbol, position) => {
    const later = ascending ? position > cursorAt : position < cursorAt;
    if (position === cursorAt) return [{ symbol, after: [symbol, ...rest] }];
    if (at === 0) return later ? [{ symbol }] : [];
    // Past every id: PostgreSQL's are 32-bit integers, SQLite's rowids 64-bit.
    const edge =
      later === ascending ? 0 : dialect === "postgres" ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER;
    return [{ symbol, after: [symbol, ...rest.slice(0, -1), edge] }];
  });
}

function idQuery(
  dialect: Dialect,
  request: TransactionFilter & TransactionOrder & { userId: number },
  run: Run,
  page: { after?: Key; offset?: number; limit: number },
): Query {
  const direction = request.sortOrder === "asc" ? "ASC" : "DESC";
  const { columns } = run.order;
  const orderBy = ` ORDER BY ${columns.map((column) => `${column} ${direction}`).join(", ")}`;
  const tail = {
    sql: `${orderBy} LIMIT ?${page.offset ? " OFFSET ?" : ""}`,
    params: [page.limit, ...(page.offset ? [page.offset] : [])],
  };
  const ranges = run.arms
    ? armsOf(dialect, request, { ...run, arms: run.arms }, page.after).map(({ symbol, after }) =>
        rangeQuery(
          dialect,
          { ...request, symbols: [symbol] },
          { order: run.arms!, pinned: run.pinned },
          after,
          // The id first: the caller reads the first column.
          ["id", ...columns.filter((column) => column !== "id")].join(", "),
        ),
      )
    : [rangeQuery(dialect, request, run, page.after, "id")];
  if (dialect === "postgres" && ranges.length > 1) {
    // PostgreSQL plans a filtered arm of a UNION ALL on its own, in no order, and sorts the whole
    // union. Ordered (and cut to the most a page can take from one arm), each arm is an index
    // range, and PostgreSQL merges them (Merge Append) as SQLite does.
    // A column the filter or the run pins is one value throughout: ordering by it too would hide
    // the arms' order from the planner (it drops such columns from each arm's order).
    const fixed = new Set<Column>([
      ...(run.pinned ? [run.pinned.column] : []),
      ...(request.type ? (["type"] as const) : []),
      ...(request.transactionType ? (["transaction_type"] as const) : []),
    ]);
    const merged = ` ORDER BY ${columns
      .filter((column) => !fixed.has(column))
      .map((column) => `${column} ${direction}`)
      .join(", ")}`;
    const upTo = (page.offset ?? 0) + page.limit;
    return {
      sql:
        "SELECT * FROM (" +
        ranges.map((range) => `(${range.sql}${merged} LIMIT ?)`).join(" UNION ALL ") +
        `) AS arms${merged} LIMIT ?${page.offset ? " OFFSET ?" : ""}`,
      params: [...ranges.flatMap((range) => [...range.params, upTo]), ...tail.params],
    };
  }
  return {
    sql: ranges.map((range) => range.sql).join(" UNION ALL ") + tail.sql,
    params: [...ranges.flatMap((range) => range.params), ...tail.params],
  };
}

/** Counts matching rows (of one run, or all) up to a cap: a huge history costs a bounded read. */
function countQuery(
  dialect: Dialect,
  request: TransactionFilter & { userId: number },
  pinned: Run["pinned"],
  upTo: number,
): Query {
  const where = conditions(dialect, request, null, pinned);
  return {
    sql: `SELECT count(*) FROM (SELECT 1 FROM transactions WHERE ${where.sql} LIMIT ?) AS matching`,
    params: [...where.params, upTo],
  };
}

/**
 * The user's distinct symbols containing `text`, ignoring case, in the database's order: a loose
 * scan of the (user_id, symbol, ...) index that steps from each symbol to the next one above it,
 * so it costs one seek per distinct symbol however long the history is. `instr`/`strpos` take
 * the text literally (no pattern characters to escape, unlike LIKE).
 */
function symbolsQuery(dialect: Dialect, userId: number, text: string): Query {
  const index = dialect === "sqlite" ? ` INDEXED BY ${bySymbolThenDate.index}` : "";
  const contains = dialect === "sqlite" ? "instr(upper(symbol), ?)" : "strpos(upper(symbol), ?)";
  return {
    sql:
      "WITH RECURSIVE held(symbol) AS (" +
      ` SELECT min(symbol) FROM transactions${index} WHERE user_id = ?` +
      ` UNION ALL SELECT (SELECT min(symbol) FROM transactions${index}` +
      " WHERE user_id = ? AND symbol > held.symbol) FROM held WHERE held.symbol IS NOT NULL)" +
      ` SELECT symbol FROM held WHERE symbol IS NOT NULL AND ${contains} > 0 ORDER BY symbol`,
    params: [userId, userId, text.toUpperCase()],
  };
}

/** The rows of a page, by primary key; the ids travel as one JSON array (one statement for any page). */
function rowsQuery(dialect: Dialect, userId: number, ids: number[]): Query {
  if (dialect === "postgres") {
    return {
      sql: "SELECT * FROM transactions WHERE id = ANY(?) AND user_id = ?",
      params: [ids, userId],
    };
  }
  return {
    // `+user_id` keeps the owner check from steering SQLite to a user index: rowid lookups only.
    sql: "SELECT * FROM transactions WHERE id IN (SELECT value FROM json_each(?)) AND +user_id = ?",
    params: [JSON.stringify(ids), userId],
  };
}

interface RawTransaction {
  id: number;
  user_id: number;
  account_id: number;
  transaction_date: number;
  type: AssetType;
  symbol: string;
  transaction_type: TransactionType;
  quantity: string;
  price: string;
  total: string;
  fee: string;
  notes: string | null;
}

function toTransaction(row: RawTransaction): Transaction {
  return {
    id: row.id,
    accountId: row.account_id,
    transactionDate: new Date(row.transaction_date),
    type: row.type,
    symbol: row.symbol,
    transactionType: row.transaction_type,
    quantity: fromStored(row.quantity),
    price: fromStored(row.price),
    total: fromStored(row.total),
    fee: fromStored(row.fee),
    notes: row.notes,
  };
}

/** Cursors travel as opaque URL-safe text. */
export function encodeTransactionCursor(cursor: TransactionCursor): string {
  return Buffer.from(
    JSON.stringify([cursor.sortBy, cursor.sortOrder, cursor.run, cursor.key]),
  ).toString("base64url");
}

/** The cursor in `text`, or undefined when it is not one this sort order could have made. */
export function decodeTransactionCursor(
  text: string,
  order: TransactionOrder & TransactionFilter,
): TransactionCursor | undefined {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (!Array.isArray(decoded) || decoded.length !== 4) return undefined;
  const [sortBy, sortOrder, run, key] = decoded as unknown[];
  if (sortBy !== order.sortBy || sortOrder !== order.sortOrder) return undefined;
  const runs = runsOf(order);
  if (typeof run !== "number" || !Number.isInteger(run) || run < 0 || run >= runs.length) {
    return undefined;
  }
  const { arms } = runs[run]!;
  const { columns } = runs[run]!.order;
  if (
    !Array.isArray(key) ||
    key.length !== columns.length ||
    !key.every((value, i) =>
      columns[i] === "transaction_date" || columns[i] === "id"
        ? Number.isSafeInteger(value)
        : typeof value === "string",
    )
  ) {
    return undefined;
  }
  // A merged run places the cursor among its symbols: one the filter no longer matches has no place.
  const symbolAt = columns.indexOf("symbol");
  if (arms && symbolAt >= 0 && !order.symbols?.includes(key[symbolAt] as string)) {
    return undefined;
  }
  return { sortBy: order.sortBy, sortOrder: order.sortOrder, run, key: key as (string | number)[] };
}

/** How the history's hand-written queries differ between the dialects. */
function holdingsQueries(dialect: Dialect) {
  const sqlite = dialect === "sqlite";
  return {
    positions: "SELECT * FROM positions WHERE user_id = ? ORDER BY asset_type, symbol, account_id",
    lastTrade:
      "SELECT price, transaction_date FROM transactions" +
      (sqlite ? " INDEXED BY transactions_user_symbol_date_idx" : "") +
      ` WHERE user_id = ? AND symbol = ? AND ${sqlite ? "+" : ""}type = ?` +
      " ORDER BY symbol DESC, transaction_date DESC, type DESC, transaction_type DESC, id DESC LIMIT 1",
    stockQuotes: sqlite
      ? "SELECT symbol, json_extract(last_snapshot, '$.price') AS price, company_name AS name," +
        " updated_at FROM saved_stocks WHERE user_id = ?"
      : "SELECT symbol, last_snapshot->>'price' AS price, company_name AS name," +
        " updated_at FROM saved_stocks WHERE user_id = ?",
    cryptoQuotes: sqlite
      ? "SELECT symbol, coalesce(json_extract(last_quote, '$.price'), saved_price) AS price," +
        " NULL AS name, updated_at FROM saved_cryptos WHERE user_id = ?"
      : "SELECT symbol, coalesce(last_quote->>'price', saved_price::text) AS price," +
        " NULL AS name, updated_at FROM saved_cryptos WHERE user_id = ?",
    trades: tradesPage(sqlite, ""),
    tradesAfter: tradesPage(
      sqlite,
      " AND (transaction_date, type, transaction_type, id) > (?, ?, ?, ?)",
    ),
    // One account's: account_id is in the date index (after the id), so checked there.
    accountTrades: tradesPage(sqlite, ` AND ${sqlite ? "+" : ""}account_id = ?`),
    accountTradesAfter: tradesPage(
      sqlite,
      ` AND ${sqlite ? "+" : ""}account_id = ?` +
        " AND (transaction_date, type, transaction_type, id) > (?, ?, ?, ?)",
    ),
  };
}

/**
 * Trades read per query by `trades`: the driver's rows of one page are held at a time, and a page
 * is read in one turn of the event loop (1,000 rows, not 5,000: issue 29, see TRANSACTIONS_PAGE
 * in portfolio.ts).
 */
const TRADES_PAGE = 1000;

/** One page of a user's trades in replay order, from its first or after a given one. */
const tradesPage = (sqlite: boolean, after: string) =>
  "SELECT id, transaction_date, type, symbol, transaction_type, quantity, price, fee FROM transactions" +
  (sqlite ? " INDEXED BY transactions_user_date_idx" : "") +
  ` WHERE user_id = ? AND transaction_date >= ?${after}` +
  ` ORDER BY transaction_date, type, transaction_type, id LIMIT ${TRADES_PAGE}`;

type TradeRow = Omit<RawTransaction, "user_id" | "account_id" | "total" | "notes">;

type HistoryStatements = ReturnType<typeof holdingsQueries>;

const ids = (query: Query) => raw<number>(query.sql, query.params, true);

function* count(query: Query): Work<number> {
  const [counted] = yield* raw<number>(query.sql, query.params, true);
  return Number(counted ?? 0);
}

function* rawRows(
  dialect: Dialect,
  userId: number,
  wanted: number[],
): Work<Map<number, RawTransaction>> {
  if (wanted.length === 0) return new Map();
  const query = rowsQuery(dialect, userId, wanted);
  const rows = yield* raw<RawTransaction>(query.sql, query.params);
  return new Map(rows.map((row) => [row.id, row]));
}

function inOrder(wanted: number[], byId: Map<number, RawTransaction>): RawTransaction[] {
  return wanted.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

function keyOf(row: RawTransaction, columns: Column[]): (string | number)[] {
  return columns.map((column) => row[column]);
}

interface RawPosition {
  id: number;
  account_id: number;
  asset_type: AssetType;
  symbol: string;
  quantity: string;
  average_price: string;
  opened_at: number;
  updated_at: number;
}
interface RawQuote {
  symbol: string;
  price: string | null;
  name: string | null;
  updated_at: number;
}

/**
 * Every position of the user, stocks and crypto, with their last known prices: one read
 * transaction, so the summary's figures all describe the same moment.
 */
function readHoldings(
  database: Database,
  statements: HistoryStatements,
  userId: number,
): Promise<HeldPosition[]> {
  return database.transaction(
    function* () {
      const positions = yield* raw<RawPosition>(statements.positions, [userId]);
      const quotes = function* (sql: string) {
        const rows = yield* raw<RawQuote>(sql, [userId]);
        return new Map(rows.map((row) => [row.symbol, row]));
      };
      const stockQuotes = yield* quotes(statements.stockQuotes);
      const cryptoQuotes = yield* quotes(statements.cryptoQuotes);
      const held: HeldPosition[] = [];
      for (const row of positions) {
        const [trade] = yield* raw<{ price: string; transaction_date: number }>(
          statements.lastTrade,
          [userId, row.symbol, row.asset_type],
        );
        const quote = (row.asset_type === "STOCK" ? stockQuotes : cryptoQuotes).get(row.symbol);
        held.push({
          id: row.id,
          accountId: row.account_id,
          assetType: row.asset_type,
          symbol: row.symbol,
          quantity: fromStored(row.quantity),
          averagePrice: fromStored(row.average_price),
          openedAt: new Date(row.opened_at),
          updatedAt: new Date(row.updated_at),
          lastTrade: trade
            ? { price: fromStored(trade.price), at: new Date(trade.transaction_date) }
            : null,
          watchlistQuote:
            quote && typeof quote.price === "string"
              ? { price: quote.price, at: new Date(quote.updated_at), name: quote.name }
              : null,
        });
      }
      return held;
    },
    { readOnly: true },
  );
}

/**
 * Every trade of the user, oldest first (at the same instant, buys before sells); with
 * `since`, only those at or after it. With `pauses`, other work runs between its pages (a
 * recompute off the request path reads 20,000 trades of a year in about 100 ms).
 */
function readTrades(
  database: Database,
  statements: HistoryStatements,
  userId: number,
  since: Date | undefined,
  { pauses = false, accountId }: { pauses?: boolean; accountId?: number },
): Promise<Trade[]> {
  const account = accountId === undefined ? [] : [accountId];
  const [firstPage, nextPage] =
    accountId === undefined
      ? [statements.trades, statements.tradesAfter]
      : [statements.accountTrades, statements.accountTradesAfter];
  const from = since?.getTime() ?? Number.MIN_SAFE_INTEGER;
  // Read in pages from one snapshot: after an import this is 100,000 trades, whose rows as
  // the driver answers them would otherwise all be held beside the trades made of them.
  return database.transaction(
    function* (): Work<Trade[]> {
      const trades: Trade[] = [];
      const symbols = new Map<string, string>();
      let rows = yield* raw<TradeRow>(firstPage, [userId, from, ...account]);
      for (;;) {
        for (const row of rows) {
          let symbol = symbols.get(row.symbol);
          if (symbol === undefined) symbols.set(row.symbol, (symbol = row.symbol));
          trades.push({
            transactionDate: new Date(Number(row.transaction_date)),
            type: sharedKind(row.type),
            symbol,
            transactionType: sharedKind(row.transaction_type),
            quantity: fromStored(row.quantity),
            price: fromStored(row.price),
            fee: fromStored(row.fee),
          });
        }
        const last = rows.at(-1);
        if (rows.length < TRADES_PAGE || !last) return trades;
        yield* pause();
        rows = yield* raw<TradeRow>(nextPage, [
          userId,
          from,
          ...account,
          last.transaction_date,
          last.type,
          last.transaction_type,
          last.id,
        ]);
      }
    },
    { readOnly: true, pauses },
  );
}

/** One page by offset, with the capped count of all matching rows, from one snapshot. */
function readPage(database: Database, request: TransactionPageRequest): Promise<TransactionPage> {
  const { dialect } = database;
  return database.transaction(
    function* () {
      const found: number[] = [];
      let offset = request.offset;
      for (const run of runsOf(request)) {
        const remaining = request.limit - found.length;
        if (remaining <= 0) break;
        const got = yield* ids(idQuery(dialect, request, run, { offset, limit: remaining }));
        found.push(...got);
        // A run that ended inside this page hands on from its start; one that held fewer rows
        // than the offset hands on what is left of the offset.
        offset =
          got.length > 0
            ? 0
            : offset - (yield* count(countQuery(dialect, request, run.pinned, offset)));
      }
      const counted = yield* count(countQuery(dialect, request, undefined, request.countUpTo + 1));
      const byId = yield* rawRows(dialect, request.userId, found);
      return {
        rows: inOrder(found, byId).map(toTransaction),
        totalCount: Math.min(counted, request.countUpTo),
        totalCountCapped: counted > request.countUpTo,
      };
    },
    { readOnly: true },
  );
}

/** The next `limit` rows after a cursor: any depth costs the same (keyset paging). */
function readBatch(
  database: Database,
  request: TransactionBatchRequest,
): Promise<TransactionBatch> {
  const { dialect } = database;
  return database.transaction(
    function* () {
      const runs = runsOf(request);
      const wanted = request.limit + 1;
      const found: { id: number; run: number }[] = [];
      for (let run = request.after?.run ?? 0; run < runs.length; run++) {
        if (found.length >= wanted) break;
        const after = run === request.after?.run ? request.after.key : undefined;
        const got = yield* ids(
          idQuery(dialect, request, runs[run]!, { after, limit: wanted - found.length }),
        );
        found.push(...got.map((id) => ({ id, run })));
      }
      const page = found.slice(0, request.limit);
      const pageIds = page.map((entry) => entry.id);
      const rows = inOrder(pageIds, yield* rawRows(dialect, request.userId, pageIds));
      const last = page.at(-1);
      const lastRow = rows.at(-1);
      return {
        rows: rows.map(toTransaction),
        nextCursor:
          found.length > request.limit && last && lastRow
            ? {
                sortBy: request.sortBy,
                sortOrder: request.sortOrder,
                run: last.run,
                key: keyOf(lastRow, runs[last.run]!.order.columns),
              }
            : null,
      };
    },
    { readOnly: true },
  );
}

/** The paged, filtered and sorted transaction history (reads only: trades write in portfolio/). */
export function transactionsRepository(database: Database) {
  const { dialect } = database;
  const statements = holdingsQueries(dialect);
  return {
    /** What a symbol filter matches: the user's symbols containing `text`, ignoring case. */
    async symbolsContaining(userId: number, text: string): Promise<string[]> {
      const query = symbolsQuery(dialect, userId, text);
      const rows = await database.query<{ symbol: string }>(query.sql, query.params);
      return rows.map((row) => row.symbol);
    },

    /** Every position of the user with their last known prices, from one snapshot. */
    holdings: (userId: number) => readHoldings(database, statements, userId),

    /** Every trade of the user, oldest first; with `since`, only those at or after it. */
    trades: (
      userId: number,
      since?: Date,
      options: { pauses?: boolean; accountId?: number } = {},
    ) => readTrades(database, statements, userId, since, options),

    /** One page by offset, with the capped count of all matching rows, from one snapshot. */
    async page(request: TransactionPageRequest): Promise<TransactionPage> {
      if (request.symbols?.length === 0) {
        return { rows: [], totalCount: 0, totalCountCapped: false };
      }
      return readPage(database, request);
    },

    /** The next `limit` rows after a cursor: any depth costs the same (keyset paging). */
    async batch(request: TransactionBatchRequest): Promise<TransactionBatch> {
      if (request.symbols?.length === 0) return { rows: [], nextCursor: null };
      return readBatch(database, request);
    },
  };
}

type ExplainKind = "symbols" | "page" | "keyset" | "count" | "rows";

/** The statements a page and a batch of this request run on a dialect (for the query-plan tests). */
function queriesToExplain(
  dialect: Dialect,
  request: TransactionFilter & TransactionOrder & { userId: number },
): (Query & { kind: ExplainKind })[] {
  const queries: (Query & { kind: ExplainKind })[] = [];
  const { symbols } = request;
  if (symbols !== undefined) {
    queries.push({ kind: "symbols", ...symbolsQuery(dialect, request.userId, "A") });
  }
  for (const run of runsOf(request)) {
    // A cursor amid the symbols, so that a merged run has arms before, at and after it.
    const symbol = symbols?.[Math.floor(symbols.length / 2)] ?? "";
    const key = run.order.columns.map((column) =>
      column === "transaction_date" || column === "id"
        ? 0
        : ["quantity", "price", "total"].includes(column)
          ? "0"
          : column === "symbol"
            ? symbol
            : "",
    );
    queries.push({ kind: "page", ...idQuery(dialect, request, run, { offset: 50, limit: 25 }) });
    queries.push({ kind: "keyset", ...idQuery(dialect, request, run, { after: key, limit: 25 }) });
    queries.push({ kind: "count", ...countQuery(dialect, request, run.pinned, 50) });
  }
  queries.push({ kind: "count", ...countQuery(dialect, request, undefined, 10_001) });
  queries.push({ kind: "rows", ...rowsQuery(dialect, request.userId, [1, 2, 3]) });
  return queries;
}

/**
 * The statements a page and a batch of this request run, with SQLite's plan for each: what the
 * query-plan test reads to show that every filter and sort combination is an index range.
 */
export function explainTransactionQueries(
  database: SqliteDatabase,
  request: TransactionFilter & TransactionOrder & { userId: number },
): { kind: ExplainKind; sql: string; plan: string[] }[] {
  return queriesToExplain("sqlite", request).map((query) => ({
    kind: query.kind,
    sql: query.sql,
    plan: (
      database.sqlite.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.params) as {
        detail: string;
      }[]
    ).map((row) => row.detail),
  }));
}

interface PostgresPlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  "Plan Rows": number;
  Plans?: PostgresPlanNode[];
}

/**
 * The same on PostgreSQL: each plan as its nodes, depth first, e.g. "Index Only Scan
 * transactions_user_date_idx" or "Sort", and the rows the planner expects each sort to sort.
 */
export async function explainPostgresTransactionQueries(
  database: Database,
  request: TransactionFilter & TransactionOrder & { userId: number },
): Promise<{ kind: ExplainKind; sql: string; plan: string[]; sortedRows: number[] }[]> {
  const explained = [];
  for (const query of queriesToExplain("postgres", request)) {
    const [row] = await database.query<{ "QUERY PLAN": [{ Plan: PostgresPlanNode }] }>(
      `EXPLAIN (FORMAT JSON) ${query.sql}`,
      query.params,
    );
    const plan: string[] = [];
    const sortedRows: number[] = [];
    const visit = (node: PostgresPlanNode) => {
      plan.push(
        [node["Node Type"], node["Index Name"] ?? node["Relation Name"]].filter(Boolean).join(" "),
      );
      if (/Sort/.test(node["Node Type"])) sortedRows.push(node.Plans?.[0]?.["Plan Rows"] ?? 0);
      node.Plans?.forEach(visit);
    };
    if (row) visit(row["QUERY PLAN"][0].Plan);
    explained.push({ kind: query.kind, sql: query.sql, plan, sortedRows });
  }
  return explained;
}

export type TransactionsRepository = ReturnType<typeof transactionsRepository>;
