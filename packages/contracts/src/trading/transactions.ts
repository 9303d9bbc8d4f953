import { numberText } from "@ledgerline/money/format";
import { z } from "zod";
import { pagination } from "../admin/audit";
import { SYMBOL_MAX_LENGTH } from "../market/market-constants";
import { accountIdFilter } from "../accounts/investment-accounts";
import { transaction } from "./portfolio";
import {
  caseInsensitiveEnum,
  dateParam,
  sortOrderParam,
  startNotAfterEnd,
  unsetWhenEmpty,
} from "../shared/query-params";
import {
  assetKinds,
  transactionKinds,
  transactionSortColumns,
  TRANSACTIONS_BATCH_DEFAULT_SIZE,
  TRANSACTIONS_BATCH_MAX_SIZE,
  TRANSACTIONS_DEFAULT_PAGE_SIZE,
  TRANSACTIONS_MAX_PAGE_SIZE,
  TRANSACTIONS_MAX_REACHABLE_ROWS,
} from "./transaction-columns";

/**
 * The transaction history's query (spec sections 5 and 7): only set filters are sent, and a
 * query string may carry an empty value for an unset one, so "" reads as not set.
 */
const upperCased = (value: unknown) =>
  typeof value === "string" ? value.trim().toUpperCase() : value;

const filterFields = {
  startDate: dateParam("startDate", "start"),
  endDate: dateParam("endDate", "end"),
  symbol: z.preprocess(
    (value) => unsetWhenEmpty(upperCased(value)),
    z
      .string()
      .max(SYMBOL_MAX_LENGTH, `symbol must be at most ${SYMBOL_MAX_LENGTH} characters`)
      .regex(/^[A-Z0-9.-]+$/, "symbol may contain only letters, digits, '.' and '-'")
      .optional()
      .describe("Part of a symbol, ignoring case: every symbol containing it matches; trimmed"),
  ),
  type: z.preprocess(
    (value) => unsetWhenEmpty(upperCased(value)),
    z.enum(assetKinds, { error: "type must be STOCK or CRYPTO" }).optional(),
  ),
  transactionType: z.preprocess(
    (value) => unsetWhenEmpty(upperCased(value)),
    z
      .enum(transactionKinds, {
        error: "transactionType must be BUY, SELL, SPLIT, TRANSFER_IN or TRANSFER_OUT",
      })
      .optional(),
  ),
  accountId: accountIdFilter,
  sortBy: caseInsensitiveEnum(
    transactionSortColumns,
    `sortBy must be one of ${transactionSortColumns.join(", ")}`,
  ).default("transactionDate"),
  sortOrder: sortOrderParam.default("desc"),
};

const wholeNumber = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`);
const page = wholeNumber("page")
  .min(1, "page must be at least 1")
  .max(1_000_000, "page is too large");
const pageSize = wholeNumber("pageSize")
  .min(1, "pageSize must be at least 1")
  .max(TRANSACTIONS_MAX_PAGE_SIZE, `pageSize must be at most ${TRANSACTIONS_MAX_PAGE_SIZE}`);

/**
 * Whole numbers in messages are grouped as toLocaleString("en-US") groups them, without it: an
 * Intl call at import maps ICU's number data into every process that loads the contracts (issue 35).
 */
const WHOLE = { minFraction: 0, maxFraction: 0 };

export const transactionMessages = {
  pageOutOfReach: `Pages reach the first ${numberText(TRANSACTIONS_MAX_REACHABLE_ROWS, WHOLE)} matching transactions; narrow the filters or reverse the sort to see the rest`,
  invalidCursor: "cursor is not a position in this sort order; start again without it",
} as const;

type Checked = {
  startDate?: string | undefined;
  endDate?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
};

/** The rules across fields: a date range that is not upside down, and a page within reach. */
function crossChecks(query: Checked, ctx: z.RefinementCtx) {
  if (!startNotAfterEnd(query)) {
    ctx.addIssue({
      code: "custom",
      message: "startDate must not be after endDate",
      path: ["endDate"],
    });
  }
  if (query.page !== undefined) {
    const size = query.pageSize ?? TRANSACTIONS_DEFAULT_PAGE_SIZE;
    if ((query.page - 1) * size >= TRANSACTIONS_MAX_REACHABLE_ROWS) {
      ctx.addIssue({
        code: "custom",
        message: transactionMessages.pageOutOfReach,
        path: ["page"],
      });
    }
  }
}

/** The filters and sort order alone. */
export const transactionFilterInput = z.object(filterFields).superRefine(crossChecks);
export type TransactionFilterInput = z.output<typeof transactionFilterInput>;

/** One page of the history: what the screen asks for. */
export const transactionPageInput = z
  .object({
    ...filterFields,
    page: page.default(1),
    pageSize: pageSize.default(TRANSACTIONS_DEFAULT_PAGE_SIZE),
  })
  .superRefine(crossChecks);
export type TransactionPageInput = z.output<typeof transactionPageInput>;

/** The next batch after a cursor: any depth of a long history reads as fast as the first. */
export const transactionBatchInput = z
  .object({
    ...filterFields,
    cursor: z.string().max(2000).optional(),
    limit: wholeNumber("limit")
      .min(1, "limit must be at least 1")
      .max(TRANSACTIONS_BATCH_MAX_SIZE, `limit must be at most ${TRANSACTIONS_BATCH_MAX_SIZE}`)
      .default(TRANSACTIONS_BATCH_DEFAULT_SIZE),
  })
  .superRefine(crossChecks);
export type TransactionBatchInput = z.output<typeof transactionBatchInput>;

/**
 * GET /api/transaction: the spec's query, plus an optional page (without one, the whole filtered
 * list) and the CSV format of the same list.
 */
export const transactionRestQuery = z
  .object({
    ...filterFields,
    page: page.optional(),
    pageSize: pageSize.optional(),
    format: z.preprocess(
      unsetWhenEmpty,
      z
        .enum(["json", "csv"], { error: "format must be json or csv" })
        .default("json")
        .describe("csv streams the same list as a CSV file with a header row"),
    ),
  })
  .superRefine(crossChecks);
export type TransactionRestQuery = z.output<typeof transactionRestQuery>;

export const transactionPagination = pagination.extend({
  /** The count stopped early (see transactionCountLimit): there are more than `totalCount`. */
  totalCountCapped: z.boolean(),
});
export type TransactionPagination = z.infer<typeof transactionPagination>;

export const transactionPage = z.object({
  transactions: z.array(transaction),
  pagination: transactionPagination,
});
export type TransactionPage = z.infer<typeof transactionPage>;

export const transactionBatch = z.object({
  transactions: z.array(transaction),
  /** Pass it back as `cursor` for the next batch; null after the last one. */
  nextCursor: z.string().nullable(),
});
export type TransactionBatch = z.infer<typeof transactionBatch>;

/** The CSV export's columns, in order: the table's columns, the fee and the notes. */
export const transactionCsvColumns = ["id", ...transactionSortColumns, "fee", "notes"] as const;
