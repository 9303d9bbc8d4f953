import { z } from "zod";
import {
  cashActivityKinds,
  cashActivityTypes,
  cashAmount,
  cashMessages as messages,
} from "./cash-constants";
import { ledgerDate } from "../shared/dates";
import { accountIdFilter, investmentAccountId } from "../accounts/investment-accounts";
import { calendarDate, decimalString } from "../market/market";
import { NOTES_MAX_LENGTH } from "../trading/portfolio-constants";
import { positiveAmount } from "../trading/portfolio";

/**
 * Cash activities (issue 31): deposits, withdrawals, interest, fees and tax withheld of an
 * investment account, and the two rows of a cash transfer between two accounts. Amounts are
 * positive exact decimal strings; the type says which way the money went.
 */

export const cashActivityType = z.enum(cashActivityTypes, { error: messages.typeInvalid });

/** A cash activity's (or a cash transfer's) notes: trimmed, none is null. */
export const cashNotes = z
  .string({ error: "Notes must be text" })
  .trim()
  .max(NOTES_MAX_LENGTH, `Notes must be at most ${NOTES_MAX_LENGTH} characters`)
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

/** `POST /api/cash` (and the body of `PUT /api/cash/{id}`). */
export const cashActivityFields = z.object({
  accountId: investmentAccountId
    .optional()
    .describe(
      "The investment account the money went into or out of (default: the default account)",
    ),
  type: cashActivityType,
  amount: positiveAmount(cashAmount),
  /** Within the ledger's years; the service refuses a day after today. */
  date: ledgerDate(messages.dateLabel),
  notes: cashNotes,
});
export const createCashActivityInput = cashActivityFields;
export type CreateCashActivityInput = z.output<typeof createCashActivityInput>;

const cashActivityId = z.coerce
  .number({ error: messages.notFound })
  .int(messages.notFound)
  .positive(messages.notFound);

export const updateCashActivityInput = cashActivityFields.extend({ id: cashActivityId });
export type UpdateCashActivityInput = z.output<typeof updateCashActivityInput>;

export const deleteCashActivityInput = z.object({ id: cashActivityId });

const optionalDate = (label: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    ledgerDate(label).optional(),
  );

/** `GET /api/cash?accountId=&from=&to=`: one account's or all, the days from and to inclusive. */
export const cashListQuery = z
  .object({
    accountId: accountIdFilter,
    from: optionalDate("The start date").describe("The first day listed (YYYY-MM-DD)"),
    to: optionalDate("The end date").describe("The last day listed (YYYY-MM-DD)"),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: messages.fromAfterTo,
    path: ["from"],
  });
export type CashListQuery = z.output<typeof cashListQuery>;

/** A row as `GET /api/cash` lists it, newest first. */
export const cashActivity = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  type: z.enum(cashActivityKinds),
  /** Positive: the type says whether it came in or went out. */
  amount: decimalString,
  date: calendarDate,
  notes: z.string().nullable(),
  /** The transfer the row is one side of (the pair share it); null for any other row. */
  transferId: z.number().int().nullable(),
});
export type CashActivity = z.output<typeof cashActivity>;

export const cashActivityList = z.array(cashActivity);

export const deletedCashActivity = z.object({
  ok: z.literal(true),
  /** 1, or 2 when the row was one side of a transfer (both sides go). */
  deleted: z.number().int(),
});
export type DeletedCashActivity = z.output<typeof deletedCashActivity>;
