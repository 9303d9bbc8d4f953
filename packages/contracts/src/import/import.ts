import { numberText } from "@ledgerline/money/format";
import { z } from "zod";
import { singleLineText } from "../shared/text";
import { decimalString } from "../market/market";
import { investmentAccountId } from "../accounts/investment-accounts";
import { assetKinds } from "../trading/transaction-columns";
import { cashActivityTypes } from "../cash/cash-constants";
import {
  IMPORT_DETECT_MAX_CHARS,
  importMappingMessages,
  importRequiredColumns,
} from "./import-constants";

/**
 * Importing a history from a broker's or exchange's CSV export: the sources, the column mapping
 * of 'Other CSV', and the answers of the preview and the import. Amounts are exact decimal text.
 */

export const importSources = ["ledgerline", "schwab", "coinbase", "generic"] as const;
export type ImportSource = (typeof importSources)[number];

/** A file is at most this many bytes (UTF-8) and this many rows; beyond, a 413 or a 400. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 200_000;

/** How a date cell is written; a time (HH:mm[:ss], UTC) may follow any of them. */
export const importDateFormats = ["YYYY-MM-DD", "MM/DD/YYYY", "DD/MM/YYYY", "DD.MM.YYYY"] as const;
export type ImportDateFormat = (typeof importDateFormats)[number];

const columnName = singleLineText("A column name").min(1, "A column name cannot be empty").max(200);

/** A column every row needs: a missing or empty one is refused with its name. */
const requiredColumn = (field: keyof typeof importRequiredColumns) => {
  const missing = importMappingMessages.columnMissing(importRequiredColumns[field]);
  return singleLineText(`The ${importRequiredColumns[field]} column's name`, missing)
    .min(1, missing)
    .max(200);
};
const actionValues = z
  .array(singleLineText("An action's value").min(1).max(100))
  .max(100)
  .default([]);

export const importMapping = z
  .object({
    delimiter: z
      .enum([",", ";", "\t"])
      .default(",")
      .describe("The separator between cells: a comma, a semicolon or a tab"),
    decimalSeparator: z
      .enum([".", ","])
      .default(".")
      .describe(
        "'.' reads 1,234.56 (commas group thousands); ',' reads 1.234,56 (dots group thousands)",
      ),
    dateFormat: z.enum(importDateFormats).default("YYYY-MM-DD"),
    columns: z
      .object(
        {
          date: requiredColumn("date"),
          symbol: requiredColumn("symbol"),
          action: requiredColumn("action"),
          quantity: requiredColumn("quantity"),
          price: requiredColumn("price"),
          fees: columnName.optional(),
          amount: columnName
            .optional()
            .describe(
              "The row's cash amount: a dividend's total received, when it has no quantity and price",
            ),
          notes: columnName.optional(),
          currency: columnName
            .optional()
            .describe("A column naming the price's currency; rows not in USD are errors"),
          assetType: columnName
            .optional()
            .describe("A column saying STOCK or CRYPTO per row; otherwise `assetType` applies"),
        },
        { error: "columns must name the file's columns: date, symbol, action, quantity, price" },
      )
      .describe("The header names of the file's columns"),
    assetType: z
      .enum(assetKinds)
      .default("STOCK")
      .describe("What every row is, when no assetType column is named"),
    actions: z
      .object({
        buy: actionValues,
        sell: actionValues,
        dividend: actionValues,
        split: actionValues,
        skip: actionValues,
        deposit: actionValues.describe(
          "Money in, or out when the amount is negative (one action for both ways, as brokers write a transfer)",
        ),
        withdrawal: actionValues,
        interest: actionValues,
        fee: actionValues.describe("An account fee, not a trade's commission"),
        tax: actionValues.describe("Tax withheld"),
      })
      .describe(
        "Which values of the action column mean what (compared without case); other values are skipped with a reason. A cash row's amount is the amount column's, else the quantity column's",
      ),
  })
  .describe("How to read an 'Other CSV' file (source 'generic')");
export type ImportMapping = z.output<typeof importMapping>;
export type ImportMappingInput = z.input<typeof importMapping>;

export const importInput = z.object({
  source: z.enum(importSources),
  csv: z
    .string()
    .describe("The file's text (UTF-8; a byte order mark and CRLF line ends are fine)"),
  mapping: importMapping.optional().describe("Required for source 'generic', ignored otherwise"),
  skipInvalid: z
    .boolean()
    .default(false)
    .describe(
      "Import the valid rows and leave the errors; without it any error refuses the import",
    ),
  accountId: investmentAccountId
    .optional()
    .describe(
      "The investment account the trades and dividends go into (default: the default account); duplicates and held quantities are checked against it",
    ),
});
export type ImportInput = z.output<typeof importInput>;

export const importDetectInput = z.object({
  csv: z
    .string()
    .max(
      IMPORT_DETECT_MAX_CHARS,
      `csv must be at most ${numberText(IMPORT_DETECT_MAX_CHARS, { minFraction: 0, maxFraction: 0 })} characters: send the file's first lines`,
    )
    .describe("The file's first lines (its header and some rows), up to 32 KB"),
});
export type ImportDetectInput = z.output<typeof importDetectInput>;

const guessedColumn = z.string().optional();

export const importDetection = z.object({
  source: z
    .enum(importSources)
    .describe(
      "The source whose export has this header ('generic' when none does: use `mapping` as a first guess)",
    ),
  mapping: z
    .object({
      delimiter: z.enum([",", ";", "\t"]),
      decimalSeparator: z.enum([".", ","]),
      dateFormat: z.enum(importDateFormats),
      assetType: z.enum(assetKinds),
      columns: z.object({
        date: guessedColumn,
        symbol: guessedColumn,
        action: guessedColumn,
        quantity: guessedColumn,
        price: guessedColumn,
        fees: guessedColumn,
        amount: guessedColumn,
        notes: guessedColumn,
        currency: guessedColumn,
        assetType: guessedColumn,
      }),
      actions: z.object({
        buy: z.array(z.string()),
        sell: z.array(z.string()),
        dividend: z.array(z.string()),
        split: z.array(z.string()),
        skip: z.array(z.string()),
        deposit: z.array(z.string()),
        withdrawal: z.array(z.string()),
        interest: z.array(z.string()),
        fee: z.array(z.string()),
        tax: z.array(z.string()),
      }),
    })
    .describe(
      "The source's own mapping, or for 'generic' a guess from the header and the first rows: columns it could not place are left out",
    ),
  dateFormatCertain: z
    .boolean()
    .describe(
      "False when the dates read in more than one format (03/04/2025): the user should check `dateFormat`",
    ),
});
export type ImportDetection = z.output<typeof importDetection>;

export const importOutcomes = [
  "trade",
  "income",
  "split",
  "cash",
  "duplicate",
  "skipped",
  "error",
] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

export const importPreviewRow = z.object({
  row: z.number().int().describe("The row's line in the file (the header is line 1)"),
  outcome: z.enum(importOutcomes),
  message: z.string().optional().describe("Why a row is skipped or an error, or what it adds"),
  assetType: z.enum(assetKinds).optional(),
  symbol: z.string().optional(),
  transactionType: z.enum(["BUY", "SELL", "DIVIDEND", "SPLIT"]).optional(),
  quantity: decimalString.optional(),
  price: decimalString.optional(),
  fee: decimalString
    .optional()
    .describe("A trade's fee or commission, from the fees column; none when 0 or empty"),
  cashType: z
    .enum(cashActivityTypes)
    .optional()
    .describe("A cash row's activity: deposit, withdrawal, interest, fee or tax"),
  amount: decimalString
    .optional()
    .describe("A cash row's amount, positive: `cashType` says which way it went"),
  date: z.string().optional().describe("ISO 8601 date-time (UTC)"),
  dateOnly: z
    .boolean()
    .optional()
    .describe("True when the file gave a date without a time: `date` is that day's midnight UTC"),
});
export type ImportPreviewRow = z.output<typeof importPreviewRow>;

export const importPreview = z.object({
  rows: z.array(importPreviewRow),
  summary: z.object({
    trades: z.number().int(),
    income: z.number().int(),
    splits: z.number().int(),
    cash: z.number().int().describe("Rows that become cash activities"),
    duplicates: z.number().int(),
    skipped: z.number().int(),
    errors: z.number().int(),
  }),
  cash: z
    .array(
      z.object({
        type: z.enum(cashActivityTypes),
        count: z.number().int(),
        total: decimalString,
      }),
    )
    .describe(
      "The cash activities to write, counted and summed per type (types with none left out)",
    ),
});
export type ImportPreview = z.output<typeof importPreview>;

export const importResult = z.object({
  imported: z.number().int().describe("Trades written"),
  income: z.number().int().describe("Dividends written as income entries"),
  splits: z
    .number()
    .int()
    .describe("Split rows matched to the corporate-actions calendar, which applies them once"),
  cash: z
    .number()
    .int()
    .describe("Cash activities written (deposits, withdrawals, interest, fees, tax)"),
  duplicates: z.number().int(),
  skipped: z.number().int().describe("Rows not written for a reason other than an error"),
  errors: z.number().int().describe("Error rows left out (only with skipInvalid)"),
});
export type ImportResult = z.output<typeof importResult>;

/** Saved 'Other CSV' mappings: at most this many per user, names of 1 to 60 characters. */
export const IMPORT_MAPPINGS_MAX = 50;
export const IMPORT_MAPPING_NAME_MAX = 60;

export const importMappingName = singleLineText("A mapping's name")
  .min(1, "Give the mapping a name")
  .max(
    IMPORT_MAPPING_NAME_MAX,
    `A mapping's name has at most ${IMPORT_MAPPING_NAME_MAX} characters`,
  );

export const saveImportMappingInput = z.object({
  name: importMappingName.describe("Unique among the user's saved mappings"),
  mapping: importMapping,
});
export type SaveImportMappingInput = z.input<typeof saveImportMappingInput>;

export const importMappingIdInput = z.object({ id: z.coerce.number().int().positive() });

export const savedImportMapping = z.object({
  id: z.number().int(),
  name: z.string(),
  mapping: importMapping,
  createdAt: z.iso.datetime({ offset: true }),
});
export type SavedImportMappingView = z.output<typeof savedImportMapping>;

/** Where an import job is (issue 34): waiting, checking the file, writing its rows, or ended. */
export const IMPORT_JOB_STATUSES = [
  "queued",
  "checking",
  "writing",
  "done",
  "failed",
  "cancelled",
] as const;

/** A large import run as a job: its progress while it runs, its summary once done. */
export const importJob = z.object({
  id: z.number().int(),
  status: z.enum(IMPORT_JOB_STATUSES),
  done: z.number().int().min(0).describe("Rows written so far (0 until the rows are written)"),
  total: z.number().int().min(0).describe("Rows to write, known once the file is checked"),
  result: importResult.nullable().describe("The summary, once the job is done"),
  error: z.string().nullable().describe("Why the job failed"),
  createdAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ImportJobView = z.output<typeof importJob>;

export const importJobIdInput = z.object({ id: z.coerce.number().int().positive() });
