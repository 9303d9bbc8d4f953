import { add, fromStored, multiply, type Decimal } from "@ledgerline/money";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Dialect } from "../database";

/**
 * An exact SUM of a stored decimal column, in SQL on both databases. PostgreSQL's `numeric` sums
 * exactly. SQLite has no decimal type (its SUM of text is a float), so the fixed-width text
 * (20 integer digits, a point, 16 fraction digits: @ledgerline/money `toStored`) is summed as
 * three integer columns, the integer digits and the two halves of the fraction, each far from
 * overflowing (a half is below 1e8, so 9e10 rows fit), and `fromStoredSum` joins them exactly.
 */
export function storedSum(dialect: Dialect, column: SQLWrapper): SQL<string | null> {
  if (dialect === "postgres") return sql<string | null>`CAST(SUM(${column}) AS TEXT)`;
  const part = (start: number, length: number) =>
    sql`CAST(SUM(CAST(substr(${column}, ${sql.raw(String(start))}, ${sql.raw(String(length))}) AS INTEGER)) AS TEXT)`;
  return sql<string | null>`${part(1, 20)} || ':' || ${part(22, 8)} || ':' || ${part(30, 8)}`;
}

/** The exact decimal of a `storedSum` (null, a sum over no rows, is 0). */
export function fromStoredSum(dialect: Dialect, value: string | null | undefined): Decimal {
  if (value === null || value === undefined) return "0";
  if (dialect === "postgres") return fromStored(value);
  const [integer = "0", high = "0", low = "0"] = value.split(":");
  return add(add(integer, multiply(high, "0.00000001")), multiply(low, "0.0000000000000001"));
}
