import { z } from "zod";
import { decimalInput } from "../shared/decimal-input";
import {
  accountIdFilter,
  costBasisMethod,
  investmentAccountId,
  investmentAccountType,
} from "../accounts/investment-accounts";
import { calendarDate, decimalString } from "../market/market";
import { unsetWhenEmpty } from "../shared/query-params";
import {
  LOTS_PAGE_DEFAULT,
  LOTS_PAGE_MAX,
  MAX_LOT_SELECTIONS,
  TAX_YEAR_MAX,
  TAX_YEAR_MIN,
  taxMessages,
} from "./tax-constants";

export * from "./tax-constants";

/**
 * Tax lots, realized gains and Form 8949 (issue 32). Figures are exact decimal strings at both
 * doors: a tax figure read as a binary float could be a cent off the broker's.
 */

export const lotId = z
  .union([z.string(), z.number()], { error: taxMessages.lotIdInvalid })
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^[1-9]\d{0,15}(?:-[1-9]\d{0,5})?$/, taxMessages.lotIdInvalid));

export const lotSelection = z.object({
  lotId,
  quantity: decimalInput("A lot's quantity", {
    positiveMessage: "A lot's quantity must be greater than 0",
  }),
});
export const lotSelections = z
  .array(lotSelection)
  .min(1, "Name at least one lot, or leave lots out")
  .max(MAX_LOT_SELECTIONS, taxMessages.tooManyLots)
  .describe(
    "The lots to sell and how much of each (their quantities add up to the sale); without it the account's cost-basis method picks them",
  );
export type LotSelectionInput = z.output<typeof lotSelection>;

export const term = z.enum(["short", "long"]);

/** One lot a sale sold from. */
export const realizedLot = z.object({
  lotId: z.string(),
  quantity: decimalString,
  acquiredAt: calendarDate,
  proceeds: decimalString,
  costBasis: decimalString,
  washSaleDisallowed: decimalString,
  gain: decimalString.describe("proceeds - costBasis + washSaleDisallowed (Form 8949 column h)"),
  term,
});
export type RealizedLot = z.infer<typeof realizedLot>;

export const taxLot = z.object({
  lotId: z.string(),
  accountId: z.number().int(),
  symbol: z.string(),
  assetType: z.enum(["STOCK", "CRYPTO"]),
  acquiredAt: calendarDate,
  holdingPeriodFrom: calendarDate.describe(
    "Where the holding period starts: the acquired date, or earlier when a wash sale carried one over",
  ),
  quantity: decimalString,
  remaining: decimalString,
  costBasis: decimalString.describe("The basis of what remains, fees and wash-sale adjustments in"),
  washSaleAdjustment: decimalString,
  term,
  currentPrice: decimalString.nullable(),
  unrealizedGain: decimalString.nullable(),
});
export type TaxLot = z.infer<typeof taxLot>;

const booleanParam = z.preprocess(
  (value) => (value === "true" ? true : value === "false" ? false : value),
  z.boolean({ error: taxMessages.openInvalid }),
);

/**
 * A page of a long list (issue 29): `limit` rows after `cursor`, the opaque `nextCursor` of the
 * page before (tRPC's infinite queries send null for the first page).
 */
const pageFields = {
  limit: z.preprocess(
    unsetWhenEmpty,
    z.coerce
      .number({ error: taxMessages.limitInvalid })
      .int(taxMessages.limitInvalid)
      .min(1, taxMessages.limitInvalid)
      .max(LOTS_PAGE_MAX, taxMessages.limitInvalid)
      .default(LOTS_PAGE_DEFAULT)
      .describe(`Rows per page, at most ${LOTS_PAGE_MAX}`),
  ),
  cursor: z.preprocess(
    unsetWhenEmpty,
    z
      .string({ error: taxMessages.cursorInvalid })
      .max(500, taxMessages.cursorInvalid)
      .nullish()
      .describe("The previous page's nextCursor; none for the first page"),
  ),
};
export type PageQuery = { limit: number; cursor?: string | null | undefined };

export const lotsQuery = z.object({
  ...pageFields,
  symbol: z.preprocess(unsetWhenEmpty, z.string().trim().toUpperCase().max(20).optional()),
  assetType: z.preprocess(
    unsetWhenEmpty,
    z.enum(["STOCK", "CRYPTO"], { error: taxMessages.assetTypeInvalid }).optional(),
  ),
  accountId: accountIdFilter,
  open: z.preprocess(unsetWhenEmpty, booleanParam.default(true)),
});
export type LotsQuery = z.output<typeof lotsQuery>;

const nextCursor = z
  .string()
  .nullable()
  .describe("Pass it back as `cursor` for the next page; null on the last page");

export const lotsPage = z.object({ lots: z.array(taxLot), nextCursor });
export type LotsPage = z.infer<typeof lotsPage>;

export const taxYear = z.coerce
  .number({ error: taxMessages.yearInvalid })
  .int(taxMessages.yearInvalid)
  .min(TAX_YEAR_MIN, taxMessages.yearInvalid)
  .max(TAX_YEAR_MAX, taxMessages.yearInvalid);

export const realizedQuery = z.object({ year: taxYear, accountId: accountIdFilter });
export type RealizedQuery = z.output<typeof realizedQuery>;
export const form8949Query = z.object({ year: taxYear });

const totals = z.object({
  proceeds: decimalString,
  costBasis: decimalString,
  washSaleDisallowed: decimalString,
  gain: decimalString,
});
export type TaxTotals = z.infer<typeof totals>;

export const realizedRow = realizedLot.extend({
  accountId: z.number().int(),
  symbol: z.string(),
  assetType: z.enum(["STOCK", "CRYPTO"]),
  soldAt: calendarDate,
});
export type RealizedRow = z.infer<typeof realizedRow>;

export const realizedReport = z.object({
  year: z.number().int(),
  shortTerm: totals,
  longTerm: totals,
  total: totals,
  rows: z.array(realizedRow),
  years: z
    .array(z.number().int())
    .describe(
      "Every year with a taxable sale (any account but the tax-advantaged ones), newest first: the years a report has lines for",
    ),
  excludedAccounts: z
    .array(z.object({ id: z.number().int(), name: z.string(), type: investmentAccountType }))
    .describe("Tax-advantaged accounts (ira, roth-ira, 401k) whose sales are left out"),
  notes: z.array(z.string()),
});
export type RealizedReport = z.infer<typeof realizedReport>;

export const form8949File = z.object({ filename: z.string(), csv: z.string() });

export const harvestCandidate = taxLot.extend({
  loss: decimalString.describe("The unrealized loss, a positive amount"),
  washSaleWarning: z
    .string()
    .nullable()
    .describe("Set when a buy of the symbol in the last 30 days would make a sale now a wash sale"),
});
// Optional as a whole: a tRPC call may send no input for the first page.
export const harvestQuery = z.object(pageFields).prefault({});
export const harvestReport = z.object({
  lots: z.array(harvestCandidate).describe("One page of the lots at a loss, largest loss first"),
  count: z.number().int().describe("How many lots are at a loss, on every page"),
  totalLoss: decimalString.describe("The loss of every lot at a loss, on every page"),
  notes: z.array(z.string()),
  nextCursor,
});
export type HarvestReport = z.infer<typeof harvestReport>;

/** Form 8949's words, as the CSV export lays it out (Part I short-term, Part II long-term). */
export const form8949Labels = {
  title: (year: number) =>
    `Form 8949 - Sales and Other Dispositions of Capital Assets - tax year ${year}`,
  partI: "Part I - Short-term transactions (assets held one year or less)",
  partII: "Part II - Long-term transactions (assets held more than one year)",
  columns: [
    "(a) Description of property",
    "(b) Date acquired",
    "(c) Date sold or disposed of",
    "(d) Proceeds (sales price)",
    "(e) Cost or other basis",
    "(f) Code(s)",
    "(g) Amount of adjustment",
    "(h) Gain or (loss)",
  ],
  totals: "Totals",
  shares: (quantity: string, symbol: string) => `${quantity} sh ${symbol}`,
  units: (quantity: string, symbol: string) => `${quantity} ${symbol}`,
  filename: (year: number) => `form-8949-${year}.csv`,
} as const;

/** A cost-basis method switch previewed (issue 32): an account's realized gain by year, now and after. */
export const methodPreviewQuery = z.object({
  accountId: investmentAccountId,
  method: costBasisMethod,
});
const yearChange = z.object({ before: decimalString, after: decimalString, change: decimalString });
export const methodPreview = z.object({
  accountId: z.number().int(),
  from: costBasisMethod,
  to: costBasisMethod,
  years: z.array(yearChange.extend({ year: z.number().int() })),
  total: yearChange,
});
export type MethodPreview = z.infer<typeof methodPreview>;
