import type { IncomeFields } from "@ledgerline/db";
import { divide, isZero, multiply, type Decimal } from "@ledgerline/money";
import type { ImportPreviewRow } from "@ledgerline/contracts";
import type { ParsedOther } from "./parse";
import { importRowMessages } from "./import-messages";

/** What a dividend row of a file becomes: an income entry, on the shares held at its ex-date. */

/** What the service decided for a row, over what parse.ts said. */
export interface Decision {
  outcome: ImportPreviewRow["outcome"];
  message: string;
  quantity?: Decimal;
  price?: Decimal;
}

/** A dividend row to write, once the replay knows what was held at its ex-date. */
export interface IncomeCandidate {
  index: number;
  row: ParsedOther;
  symbol: string;
  exDate: string;
  payDate: string;
  /** Shares held before this instant were paid. */
  at: Date;
  calendarAmount?: Decimal;
  matched: boolean;
}

/**
 * A dividend row as an income entry: on the shares the row names, or else on those held at the
 * ex-date; the file's amount is what was received (a broker's figure may be net of tax).
 */
export function incomeEntry(
  candidate: IncomeCandidate,
  heldAtEx: Decimal | undefined,
): { decision: Decision; fields?: IncomeFields } {
  const { row, symbol, exDate } = candidate;
  const quantity = row.quantity ?? heldAtEx;
  if (quantity === undefined || isZero(quantity)) {
    return {
      decision: {
        outcome: "error",
        message: importRowMessages.dividendNoneHeld(symbol, exDate),
      },
    };
  }
  // parse.ts lets a dividend through only with an amount or a price.
  const total = row.amount ?? multiply(quantity, row.price!);
  const amountPerShare = row.price ?? candidate.calendarAmount ?? divide(total, quantity, 8);
  if (isZero(amountPerShare)) {
    return {
      decision: {
        outcome: "error",
        message: importRowMessages.dividendTooSmall(total, quantity, symbol),
      },
    };
  }
  return {
    decision: {
      outcome: "income",
      message: importRowMessages.income(total, quantity, symbol, exDate, candidate.matched),
      quantity,
      price: amountPerShare,
    },
    fields: {
      symbol,
      exDate,
      payDate: candidate.payDate,
      quantity,
      amountPerShare,
      total,
    },
  };
}
