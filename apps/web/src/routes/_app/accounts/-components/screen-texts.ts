import type { CashActivityKind } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { cashActivityInline as inline } from "../../../../components/accounts/cash-activity-names";

/**
 * What the Accounts page says about an account's cash, its transfers and its reconciliation, in
 * the reader's language (issue 36): the catalog's texts in the shape of the contracts' screen
 * messages, whose English they keep word for word. Amounts and dates come in already formatted.
 */

export const cashText = {
  sectionTitle: (account: string) => m.accounts_cash_section_title({ account }),
  balanceLabel: m.accounts_cash_balance(),
  addActivity: m.accounts_cash_add(),
  addActivityTo: (account: string) => m.accounts_cash_add_to({ account }),
  addActivityDescription: (account: string) => m.accounts_cash_add_description({ account }),
  editActivity: (type: CashActivityKind) => m.accounts_cash_edit({ kind: inline[type] }),
  editActivityDescription: m.accounts_cash_edit_description(),
  noActivity: m.accounts_cash_none(),
  activitiesCaption: (account: string) => m.accounts_cash_caption({ account }),
  added: (type: CashActivityKind, amount: string) =>
    m.accounts_cash_added({ kind: inline[type], amount }),
  saved: (type: CashActivityKind, amount: string) =>
    m.accounts_cash_saved({ kind: inline[type], amount }),
  saveFailed: m.accounts_cash_save_failed(),
  deleteTitle: m.accounts_cash_delete_title(),
  deleteConfirm: (type: CashActivityKind, amount: string, date: string) =>
    m.accounts_cash_delete_confirm({ kind: inline[type], amount, date }),
  deleteTransferConfirm: (amount: string, date: string) =>
    m.accounts_cash_delete_transfer_confirm({ amount, date }),
  deleted: (type: CashActivityKind, amount: string) =>
    m.accounts_cash_deleted({ kind: inline[type], amount }),
  deleteFailed: m.accounts_cash_delete_failed(),
  loadFailed: m.accounts_cash_load_failed(),
  /** What a row's Edit and Delete buttons name: 'the deposit of $100.00 on Mar 2, 2026'. */
  activity: (type: CashActivityKind, amount: string, date: string) =>
    m.accounts_cash_what({ kind: inline[type], amount, date }),
};

export const transferText = {
  open: m.accounts_transfer_open(),
  title: m.accounts_transfer_title(),
  description: m.accounts_transfer_description(),
  whatLabel: m.accounts_transfer_what(),
  cash: m.accounts_transfer_cash(),
  holding: m.accounts_transfer_holding_choice(),
  fromLabel: m.accounts_transfer_from(),
  toLabel: m.accounts_transfer_to(),
  holdingLabel: m.accounts_transfer_holding(),
  noHoldings: m.accounts_transfer_no_holdings(),
  sameAccount: m.accounts_transfer_same_account(),
  holdingRequired: m.accounts_transfer_holding_required(),
  submit: m.accounts_transfer_open(),
  movedCash: (amount: string, from: string, to: string) =>
    m.accounts_transfer_moved_cash({ amount, from, to }),
  movedHolding: (quantity: string, symbol: string, from: string, to: string) =>
    m.accounts_transfer_moved_holding({ quantity, symbol, from, to }),
  failed: m.accounts_transfer_failed(),
};

export const reconcileText = {
  open: m.accounts_reconcile_open(),
  openFor: (account: string) => m.accounts_reconcile_open_for({ account }),
  title: (account: string) => m.accounts_reconcile_title({ account }),
  description: m.accounts_reconcile_description(),
  dateLabel: m.accounts_reconcile_date(),
  cashLabel: m.accounts_reconcile_cash(),
  holdingsCaption: m.accounts_reconcile_holdings(),
  symbolLabel: (row: number) => m.accounts_reconcile_symbol_row({ row: String(row) }),
  assetTypeLabel: (row: number) => m.accounts_reconcile_asset_type_row({ row: String(row) }),
  quantityLabel: (row: number) => m.accounts_reconcile_quantity_row({ row: String(row) }),
  removeRow: (row: number) => m.accounts_reconcile_remove_row({ row: String(row) }),
  addRow: m.accounts_reconcile_add_row(),
  pasteLabel: m.accounts_reconcile_paste(),
  pasteHint: m.accounts_reconcile_paste_hint(),
  pasteAdd: m.accounts_reconcile_paste_add(),
  pasteUnread: (lines: string) => m.accounts_reconcile_paste_unread({ lines }),
  symbolRequired: m.accounts_reconcile_symbol_required(),
  submit: m.accounts_reconcile_submit(),
  close: m.accounts_reconcile_close(),
  matches: m.accounts_reconcile_matches(),
  matchesDetail: (date: string) => m.accounts_reconcile_matches_detail({ date }),
  differencesTitle: (count: number) =>
    count === 1
      ? m.accounts_reconcile_one_difference()
      : m.accounts_reconcile_differences({ count: String(count) }),
  differencesCaption: m.accounts_reconcile_differences_caption(),
  expected: m.accounts_reconcile_expected(),
  actual: "Ledgerline",
  cashDifference: (amount: string) => m.accounts_reconcile_cash_more({ amount }),
  cashShort: (amount: string) => m.accounts_reconcile_cash_less({ amount }),
  failed: m.accounts_reconcile_failed(),
};
