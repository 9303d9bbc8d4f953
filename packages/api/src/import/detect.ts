import {
  importDateFormats,
  type ImportDateFormat,
  type ImportDetection,
  type ImportDetectInput,
  type ImportSource,
} from "@ledgerline/contracts";
import { parse } from "csv-parse/sync";
import { importFormat } from "./formats";
import { CSV_OPTIONS, missingColumns, parseImportAmount, parseImportDate } from "./parse";

/**
 * What a file is, from its first lines: the source whose export has its header, or else a first
 * guess at an 'Other CSV' mapping (separator, columns, decimal separator, date format, actions)
 * for the user to correct. Nothing here decides an import: the preview reads the whole file by
 * the mapping the user confirms, and says what it cannot read.
 */

/** Data rows looked at for the date format, the decimal separator and the action values. */
const SAMPLE_ROWS = 50;

const PRESETS = ["ledgerline", "schwab", "coinbase"] as const satisfies ImportSource[];

/** The separator the header line uses most: a semicolon, a tab or a comma. */
export function guessDelimiter(headerLine: string): "," | ";" | "\t" {
  const count = (sign: string) => headerLine.split(sign).length - 1;
  const best = ([";", "\t"] as const).find((sign) => count(sign) > count(","));
  return best ?? ",";
}

type Columns = ImportDetection["mapping"]["columns"];

/** Header names that say what a column holds, in English and German (first match wins). */
const COLUMN_HINTS: [keyof Columns, RegExp][] = [
  ["date", /date|time|when|datum|day/i],
  ["symbol", /symbol|ticker|asset|instrument|wert/i],
  ["action", /action|type|side|activity|art/i],
  ["quantity", /quantity|qty|shares|units|amount of|stück/i],
  ["price", /price|rate|cost|kurs/i],
  ["fees", /fee|commission|comm|gebühr/i],
  ["amount", /^(net )?amount$|subtotal|betrag/i],
  ["notes", /note|description|memo|notiz/i],
  ["currency", /currency|ccy|währung/i],
  ["assetType", /asset.?type|class|category/i],
];

/** Each mapped column guessed from the header names, the first match winning. */
export function guessColumns(header: readonly string[]): Columns {
  const guessed: Columns = {};
  const taken = new Set<string>();
  for (const [field, pattern] of COLUMN_HINTS) {
    const match = header.find((column) => !taken.has(column) && pattern.test(column));
    if (match) {
      guessed[field] = match;
      taken.add(match);
    }
  }
  return guessed;
}

/**
 * The date formats every sample date reads in. Day-first and month-first dates read alike until
 * a day past the 12th shows which is which; with none, both stay and the first (US) is taken.
 */
export function guessDateFormat(samples: readonly string[]): {
  dateFormat: ImportDateFormat;
  certain: boolean;
} {
  const dates = samples.map((text) => text.trim()).filter((text) => text !== "");
  const fitting = importDateFormats.filter((format) =>
    dates.every((text) => parseImportDate(text, format) !== undefined),
  );
  if (dates.length === 0 || fitting.length === 0)
    return { dateFormat: "YYYY-MM-DD", certain: false };
  return { dateFormat: fitting[0]!, certain: fitting.length === 1 };
}

/** ',' when the sample amounts read only with a decimal comma (0,95 or 1.234,56), else '.'. */
export function guessDecimalSeparator(samples: readonly string[], delimiter: string): "." | "," {
  const amounts = samples.map((text) => text.trim()).filter((text) => text !== "");
  const reads = (separator: "." | ",") =>
    amounts.filter((text) => parseImportAmount(text, separator).ok).length;
  const point = reads(".");
  const comma = reads(",");
  if (comma > point) return ",";
  if (point > comma) return ".";
  // Alike (whole numbers only): a semicolon-separated file is usually from a decimal-comma locale.
  return delimiter === ";" ? "," : ".";
}

const ACTION_HINTS: [keyof ImportDetection["mapping"]["actions"], RegExp][] = [
  // Interest before dividend: "Credit Interest" is cash, where "Interest Income" reads as either.
  ["interest", /^(bank |credit )?interest$|zins/i],
  ["dividend", /div|ausschüttung|income|reward|interest/i],
  ["split", /split/i],
  // Sell before buy: "Verkauf" (sale) holds "Kauf" (buy).
  ["sell", /sell|sold|sale|verkauf/i],
  ["buy", /buy|bought|purchase|kauf|reinvest/i],
  ["tax", /tax|steuer/i],
  ["fee", /fee|gebühr/i],
  ["withdrawal", /withdraw|entnahme|auszahlung|wire sent|wire out/i],
  ["deposit", /deposit|einlage|einzahlung|wire|transfer|journal/i],
];

/** The action column's values placed by their words; a value none fits is left for the user. */
export function guessActions(values: readonly string[]): ImportDetection["mapping"]["actions"] {
  const actions: ImportDetection["mapping"]["actions"] = {
    buy: [],
    sell: [],
    dividend: [],
    split: [],
    skip: [],
    deposit: [],
    withdrawal: [],
    interest: [],
    fee: [],
    tax: [],
  };
  const distinct = [...new Set(values.map((value) => value.trim()).filter((value) => value))];
  for (const value of distinct) {
    const kind = ACTION_HINTS.find(([, pattern]) => pattern.test(value))?.[0];
    if (kind) actions[kind].push(value);
  }
  return actions;
}

/** The header and up to SAMPLE_ROWS rows (the client sends whole lines). */
function sampleRecords(whole: string, delimiter: string): string[][] {
  try {
    return parse(whole, { ...CSV_OPTIONS, delimiter, to_line: SAMPLE_ROWS + 1 });
  } catch {
    // An unclosed quote in the sample: the header line alone still names the columns.
    const firstLine = whole.split(/\r?\n|\r/, 1)[0] ?? "";
    return [firstLine.split(delimiter).map((cell) => cell.replace(/^\s*"(.*)"\s*$/, "$1"))];
  }
}

export function detectImport(input: ImportDetectInput): ImportDetection {
  const text = input.csv.replace(/^\uFEFF/, "");
  const firstLine = text.split(/\r?\n|\r/, 1)[0] ?? "";
  const delimiter = guessDelimiter(firstLine);
  const [headerCells = [], ...rows] = sampleRecords(text, delimiter);
  const header = headerCells.map((cell) => cell.trim());

  for (const source of PRESETS) {
    const { mapping } = importFormat(source, undefined);
    if (mapping.delimiter === delimiter && missingColumns(mapping, header).length === 0) {
      return { source, mapping, dateFormatCertain: true };
    }
  }

  const columns = guessColumns(header);
  const column = (field: keyof Columns) => {
    const index = columns[field] === undefined ? -1 : header.indexOf(columns[field]);
    return index < 0 ? [] : rows.map((row) => row[index] ?? "");
  };
  const { dateFormat, certain } = guessDateFormat(column("date"));
  const actions = guessActions(column("action"));
  return {
    source: "generic",
    mapping: {
      delimiter,
      decimalSeparator: guessDecimalSeparator(
        [...column("quantity"), ...column("price")],
        delimiter,
      ),
      dateFormat,
      assetType: "STOCK",
      columns,
      actions,
    },
    dateFormatCertain: certain,
  };
}
