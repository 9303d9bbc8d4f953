import {
  AMOUNT_DECIMALS,
  cashAmount,
  checkAmount,
  checkDecimal,
  incomeAmounts,
  isExponentText,
  MAX_DECIMAL_INPUT_TEXT,
  TRADE_FEE_LABEL,
  tradeAmounts,
  type AmountProblem,
  type AmountRule,
} from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";

/**
 * A form's amount box: the contracts' rule it is checked by (the server's), and its name and own
 * message as catalog messages, the server's `api_*` texts, so a German or Spanish reader reads
 * what the server would say in their language (decision 0070). The screens that use these are
 * signed-in routes: their messages load with them, never with / or /login.
 */
export interface AmountField {
  rule: AmountRule;
  /** The field's name in the messages ("Quantity"). */
  label: () => string;
  /** Its own message for no number greater than 0, where it has one ("Invalid sell quantity"). */
  positive?: () => string;
}

export const amountFields = {
  quantity: { rule: tradeAmounts.quantity, label: m.api_term_quantity },
  purchasePrice: { rule: tradeAmounts.purchasePrice, label: m.api_term_purchase_price },
  sellPrice: { rule: tradeAmounts.sellPrice, label: m.api_term_sell_price },
  sellQuantity: {
    rule: tradeAmounts.sellQuantity,
    label: m.api_term_quantity,
    positive: m.api_trade_invalid_sell_quantity,
  },
  cash: { rule: cashAmount, label: m.api_term_amount },
  incomeQuantity: { rule: incomeAmounts.quantity, label: m.api_term_quantity },
  amountPerShare: { rule: incomeAmounts.amountPerShare, label: m.api_term_amount_per_share },
  total: { rule: incomeAmounts.total, label: m.api_term_total },
} as const satisfies Record<string, AmountField>;

function problemText(kind: AmountProblem, field: AmountField): string {
  const label = field.label();
  if (kind === "positive") return field.positive?.() ?? m.api_amount_must_be_positive({ label });
  return writtenProblem(kind, label);
}

/** An amount's problems that are the same for every box: how it is written, and its bound. */
function writtenProblem(kind: Exclude<AmountProblem, "positive">, label: string): string {
  switch (kind) {
    case "plainDigits":
      return m.api_amount_plain_digits({ label });
    case "places":
      return m.api_amount_too_many_places({ label, places: String(AMOUNT_DECIMALS) });
    case "bound":
      return m.api_amount_too_large({ label, limit: MAX_DECIMAL_INPUT_TEXT });
  }
}

/**
 * An amount typed into the box, by the contracts' checkAmount: its exact decimal text, or what is
 * wrong with it in the reader's language (in English, the contracts' words byte for byte).
 */
export function checkAmountIn(
  text: string,
  field: AmountField,
): { value: string; problem: null } | { value: undefined; problem: string } {
  const checked = checkAmount(text, field.rule);
  if (checked.problem === null) return { value: checked.value, problem: null };
  return { value: undefined, problem: problemText(checked.kind, field) };
}

/**
 * What is wrong with a trade's fee typed (0 or more, checked as the server checks it, by the
 * contracts' checkDecimal) in the reader's language, or null: in English the contracts' words byte
 * for byte ("Fee cannot be negative").
 */
export function feeProblemIn(text: string): string | null {
  const checked = checkDecimal(text, TRADE_FEE_LABEL, { sign: "notNegative" });
  if (checked.ok) return null;
  const label = m.api_term_fee();
  if (checked.rule === "sign") return m.api_amount_not_negative({ label });
  if (checked.rule === "number" && !isExponentText(text)) {
    return m.api_amount_not_a_number({ label });
  }
  // A fee is never negative, so the only bound it can pass is the upper one.
  return writtenProblem(checked.rule === "number" ? "plainDigits" : checked.rule, label);
}

/** An order's problems beyond its boxes (the trade form's), in the server's `api_trade_*` words. */
export const orderProblems = {
  sellAboveHeld: m.api_trade_invalid_sell_quantity,
  totalTooLarge: m.api_trade_total_too_large,
  totalWithFeeTooLarge: m.api_trade_total_with_fee_too_large,
  feeAboveProceeds: m.api_trade_fee_above_proceeds,
} as const;
