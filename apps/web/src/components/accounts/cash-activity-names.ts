import type { CashActivityKind } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";

/** Each kind of cash activity as a label (a select's choice, a row's type). */
export const cashActivityNames: Record<CashActivityKind, string> = {
  deposit: m.accounts_cash_kind_deposit(),
  withdrawal: m.accounts_cash_kind_withdrawal(),
  interest: m.accounts_cash_kind_interest(),
  fee: m.accounts_cash_kind_fee(),
  tax: m.accounts_cash_kind_tax(),
  "transfer-out": m.accounts_cash_kind_transfer_out(),
  "transfer-in": m.accounts_cash_kind_transfer_in(),
};

/** Each kind inside a sentence: lowercase in English and Spanish, a noun keeps its capital in German. */
export const cashActivityInline: Record<CashActivityKind, string> = {
  deposit: m.accounts_cash_inline_deposit(),
  withdrawal: m.accounts_cash_inline_withdrawal(),
  interest: m.accounts_cash_inline_interest(),
  fee: m.accounts_cash_inline_fee(),
  tax: m.accounts_cash_inline_tax(),
  "transfer-out": m.accounts_cash_inline_transfer_out(),
  "transfer-in": m.accounts_cash_inline_transfer_in(),
};
