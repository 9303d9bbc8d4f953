import { z } from "zod";
import {
  costBasisMethods,
  DEFAULT_COST_BASIS_METHOD,
  INSTITUTION_MAX_LENGTH,
  INVESTMENT_ACCOUNT_NAME_MAX_LENGTH,
  investmentAccountMessages as messages,
  investmentAccountTypes,
} from "./investment-account-constants";
import { decimalString } from "../market/market";
import { singleLineText } from "../shared/text";

/** An investment account's id, in a path, a body or a filter. */
export const investmentAccountId = z.coerce
  .number({ error: messages.notFound })
  .int(messages.notFound)
  .positive(messages.notFound);

export const investmentAccountType = z.enum(investmentAccountTypes, {
  error: messages.typeInvalid,
});

export const costBasisMethod = z
  .enum(costBasisMethods, { error: messages.costBasisMethodInvalid })
  .describe("How a sale picks the lots it sells: fifo, lifo, hifo, specific or average");

const accountName = singleLineText("Account name", messages.nameRequired)
  .min(1, messages.nameRequired)
  .max(INVESTMENT_ACCOUNT_NAME_MAX_LENGTH, messages.nameTooLong);

/** Empty or null: no institution. */
const institution = singleLineText("Institution")
  .max(INSTITUTION_MAX_LENGTH, messages.institutionTooLong)
  .nullable()
  .transform((value) => (value ? value : null));

const displayOrder = z
  .number({ error: "Display order must be a whole number" })
  .int("Display order must be a whole number")
  .min(0, "Display order must be 0 or more")
  .max(1_000_000, "Display order must be at most 1000000");

/**
 * An account as `GET /api/accounts` answers it. `cashBalance` is the cash the account holds, an
 * exact decimal string: computed, never stored ('0' until cash activities exist).
 */
export const investmentAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  type: investmentAccountType,
  institution: z.string().nullable(),
  cashTracked: z.boolean(),
  cashBalance: decimalString,
  costBasisMethod,
  isDefault: z.boolean(),
  displayOrder: z.number().int(),
});
export type InvestmentAccount = z.infer<typeof investmentAccount>;

/** `POST /api/accounts`: a new account, listed after the others unless a display order is given. */
export const createInvestmentAccountInput = z.object({
  name: accountName,
  type: investmentAccountType.default("taxable"),
  institution: institution.optional(),
  cashTracked: z.boolean({ error: "cashTracked must be true or false" }).default(false),
  costBasisMethod: costBasisMethod.default(DEFAULT_COST_BASIS_METHOD),
  displayOrder: displayOrder.optional(),
});
export type CreateInvestmentAccountInput = z.output<typeof createInvestmentAccountInput>;

/** The fields `PUT /api/accounts/{id}` may change; `isDefault: true` makes it the default account. */
export const investmentAccountChanges = z.object({
  name: accountName.optional(),
  type: investmentAccountType.optional(),
  institution: institution.optional(),
  cashTracked: z.boolean({ error: "cashTracked must be true or false" }).optional(),
  costBasisMethod: costBasisMethod.optional(),
  displayOrder: displayOrder.optional(),
  isDefault: z.literal(true, { error: messages.notDefaultable }).optional(),
});
export const updateInvestmentAccountInput = investmentAccountChanges.extend({
  id: investmentAccountId,
});
export type UpdateInvestmentAccountInput = z.output<typeof updateInvestmentAccountInput>;

/** `DELETE /api/accounts/{id}`'s optional body: where its positions and activity go first. */
export const deleteInvestmentAccountOptions = z.object({
  moveToAccountId: investmentAccountId.optional(),
});
export const deleteInvestmentAccountInput = deleteInvestmentAccountOptions.extend({
  id: investmentAccountId,
});
export type DeleteInvestmentAccountInput = z.output<typeof deleteInvestmentAccountInput>;

export const deletedInvestmentAccount = z.object({
  message: z.string(),
  /** The account the positions and activity went to; null when there were none to move. */
  movedToAccountId: z.number().int().nullable(),
});
export type DeletedInvestmentAccount = z.infer<typeof deletedInvestmentAccount>;

/**
 * The optional account filter (`?accountId=`) of the portfolio, history, income and performance
 * reads; an empty value in a query string is no filter.
 */
export const accountIdFilter = z
  .preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    investmentAccountId.optional(),
  )
  .describe("Only this investment account's rows (default: every account's)");
export const accountFilter = z.object({ accountId: accountIdFilter });
export type AccountFilter = z.output<typeof accountFilter>;

/**
 * The account a row of a list belongs to: sent only to a user who keeps more than one account,
 * so the spec's answers are unchanged, to the byte, for everyone else.
 */
export const rowAccountId = z
  .number()
  .int()
  .optional()
  .describe("The row's investment account; sent only when the user keeps more than one account");
