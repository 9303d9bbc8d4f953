import type { ReconcileInput } from "@ledgerline/contracts";
import {
  checkDecimal,
  EARLIEST_DATE,
  LATEST_DATE,
  withinDateRange,
} from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { localDateInput } from "../../../../lib/datetime-local";
import { typedAmount } from "../../../../lib/typed-amount";
import { reconcileText as text } from "./screen-texts";

/**
 * The reconciliation form's rules: a statement's date, its cash (optional) and its holdings as
 * typed or pasted. Quantities are read as the other forms read them (0,95 is 0.95); nothing
 * here rounds.
 */

export type StatementAssetType = "STOCK" | "CRYPTO";

export interface StatementRow {
  /** Stable across edits, for React's keys. */
  id: number;
  symbol: string;
  assetType: StatementAssetType;
  quantity: string;
}

export interface StatementValues {
  asOf: string;
  cash: string;
  rows: StatementRow[];
}

/** Problems by field: `asOf`, `cash`, and `rows.<index>.symbol` / `rows.<index>.quantity`. */
export type StatementProblems = Record<string, string>;

let nextRowId = 1;
export const statementRow = (fields: Partial<Omit<StatementRow, "id">> = {}): StatementRow => ({
  id: nextRowId++,
  symbol: "",
  assetType: "STOCK",
  quantity: "",
  ...fields,
});

export const emptyStatement = (today = localDateInput()): StatementValues => ({
  asOf: today,
  cash: "",
  rows: [statementRow()],
});

/** A pasted line's fields: by tabs or semicolons if it has them (0,5 may be a decimal), else commas, else spaces. */
function fieldsOf(line: string): string[] {
  const separator = [/\t/, /;/, /,/].find((candidate) => candidate.test(line)) ?? /\s+/;
  return line.split(separator).map((field) => field.trim());
}

/**
 * The holdings in pasted text: a line is a symbol and a quantity, split by spaces, tabs or a
 * comma, and optionally 'crypto' (or 'stock') after them. A header line ('symbol,quantity') and
 * blank lines are passed over; any other line that does not read is returned as unread.
 */
export function parsePastedHoldings(pasted: string): {
  rows: Omit<StatementRow, "id">[];
  unread: string[];
} {
  const rows: Omit<StatementRow, "id">[] = [];
  const unread: string[] = [];
  for (const line of pasted.split(/\r?\n/).map((entry) => entry.trim())) {
    if (line === "") continue;
    const [symbol = "", quantity = "", kind = ""] = fieldsOf(line);
    if (/^symbol$/i.test(symbol)) continue;
    const assetType = /^crypto$/i.test(kind) ? "CRYPTO" : /^(stock)?$/i.test(kind) ? "STOCK" : null;
    if (
      !checkDecimal(typedAmount(quantity), "Quantity", { sign: "notNegative" }).ok ||
      !assetType
    ) {
      unread.push(line);
      continue;
    }
    rows.push({ symbol: symbol.toUpperCase(), assetType, quantity: typedAmount(quantity) });
  }
  return { rows, unread };
}

/** Rows typed so far with the pasted ones after them; a lone empty row gives way to them. */
export function withPasted(rows: StatementRow[], pasted: Omit<StatementRow, "id">[]) {
  const kept = rows.filter((row) => row.symbol.trim() !== "" || row.quantity.trim() !== "");
  return [...kept, ...pasted.map((row) => statementRow(row))];
}

const isBlank = (row: StatementRow) => row.symbol.trim() === "" && row.quantity.trim() === "";

/** What is wrong with each field, in the server's words; empty when the statement may be sent. */
export function statementProblems(values: StatementValues): StatementProblems {
  const problems: StatementProblems = {};
  if (!values.asOf) problems.asOf = m.cash_date_required();
  else if (!withinDateRange(values.asOf))
    problems.asOf = m.api_date_out_of_range({
      label: m.api_term_statement_date(),
      earliest: EARLIEST_DATE,
      latest: LATEST_DATE,
    });
  if (values.cash.trim() !== "") {
    const cash = checkDecimal(typedAmount(values.cash), "Cash", { sign: "any" });
    if (!cash.ok) problems.cash = cash.message;
  }
  const seen = new Set<string>();
  values.rows.forEach((row, index) => {
    if (isBlank(row)) return;
    const symbol = row.symbol.trim().toUpperCase();
    const key = `${row.assetType}:${symbol}`;
    if (symbol === "") problems[`rows.${index}.symbol`] = text.symbolRequired;
    else if (seen.has(key)) {
      problems[`rows.${index}.symbol`] = m.api_transfer_listed_twice({ symbol });
    }
    seen.add(key);
    const quantity = checkDecimal(typedAmount(row.quantity), "Quantity", { sign: "notNegative" });
    if (!quantity.ok) problems[`rows.${index}.quantity`] = quantity.message;
  });
  return problems;
}

/** The request for valid values: blank rows left out, amounts as read, exactly. */
export function reconcileRequest(accountId: number, values: StatementValues): ReconcileInput {
  const cash = values.cash.trim();
  return {
    id: accountId,
    asOf: values.asOf,
    ...(cash === "" ? {} : { cash: typedAmount(cash).trim() }),
    holdings: values.rows
      .filter((row) => !isBlank(row))
      .map((row) => ({
        symbol: row.symbol.trim().toUpperCase(),
        assetType: row.assetType,
        quantity: typedAmount(row.quantity).trim(),
      })),
  };
}
