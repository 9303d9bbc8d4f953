import { cashActivityLabels, type CashActivityKind } from "./cash-constants";

/**
 * What the Accounts page says about an account's cash, its transfers and its reconciliation
 * (issue 31): one place for the words the web app shows and the e2e suite looks for. Amounts come
 * in already formatted ('$1,234.50').
 */
export const cashScreenMessages = {
  sectionTitle: (account: string) => `${account}: cash`,
  balanceLabel: "Cash balance",
  negativeBalance: "Negative: the account owes its broker",
  addActivity: "Add cash activity",
  addActivityDescription: (account: string) =>
    `Money into or out of ${account}: a deposit, a withdrawal, interest, a fee or tax withheld.`,
  editActivity: (type: CashActivityKind) => `Edit ${cashActivityLabels[type].toLowerCase()}`,
  editActivityDescription: "Correct the amount, the date or the notes as the statement shows them.",
  noActivity:
    "No cash activity yet. Deposits, withdrawals, interest, fees and tax withheld are listed here; buys, sells and dividends move the balance too.",
  activitiesCaption: (account: string) => `Cash activity of ${account}, newest first`,
  added: (type: CashActivityKind, amount: string) =>
    `Added ${cashActivityLabels[type].toLowerCase()} of ${amount}`,
  saved: (type: CashActivityKind, amount: string) =>
    `Saved ${cashActivityLabels[type].toLowerCase()} of ${amount}`,
  saveFailed: "The cash activity could not be saved",
  deleteTitle: "Delete cash activity",
  deleteConfirm: (type: CashActivityKind, amount: string, date: string) =>
    `Delete the ${cashActivityLabels[type].toLowerCase()} of ${amount} on ${date}? The cash balance changes by it.`,
  deleteTransferConfirm: (amount: string, date: string) =>
    `Delete the transfer of ${amount} on ${date}? Both of its sides go, in this account and the other.`,
  deleted: (type: CashActivityKind, amount: string) =>
    `Deleted ${cashActivityLabels[type].toLowerCase()} of ${amount}`,
  deleteFailed: "The cash activity could not be deleted",
  loadFailed: "Failed to load the cash activity",
} as const;

/** The Accounts page's transfer dialog (cash or a holding between two accounts). */
export const transferScreenMessages = {
  open: "Transfer",
  title: "Transfer between accounts",
  description:
    "Move cash, or a holding at the cost it carried, from one of your accounts to another.",
  whatLabel: "What moves",
  cash: "Cash",
  holding: "A holding",
  fromLabel: "From account",
  toLabel: "To account",
  holdingLabel: "Holding",
  noHoldings: "The source account holds nothing to transfer.",
  sameAccount: "Choose two different accounts",
  holdingRequired: "Choose a holding of the source account",
  submit: "Transfer",
  movedCash: (amount: string, from: string, to: string) =>
    `Transferred ${amount} from ${from} to ${to}`,
  movedHolding: (quantity: string, symbol: string, from: string, to: string) =>
    `Transferred ${quantity} ${symbol} from ${from} to ${to}`,
  failed: "The transfer could not be made",
} as const;

/** The Accounts page's reconciliation against a brokerage statement. */
export const reconcileScreenMessages = {
  open: "Reconcile",
  openFor: (account: string) => `Reconcile ${account} with a statement`,
  title: (account: string) => `Reconcile ${account}`,
  description:
    "Enter what the statement says the account held at the end of its date: Ledgerline answers what matches and each difference.",
  dateLabel: "Statement date",
  cashLabel: "Cash on the statement (optional)",
  holdingsCaption: "Holdings on the statement",
  symbolLabel: (row: number) => `Symbol, row ${row}`,
  assetTypeLabel: (row: number) => `Asset type, row ${row}`,
  quantityLabel: (row: number) => `Quantity, row ${row}`,
  removeRow: (row: number) => `Remove row ${row}`,
  addRow: "Add row",
  pasteLabel: "Paste holdings",
  pasteHint: "One holding a line: 'AAPL 10', or CSV 'symbol,quantity' (add ',crypto' for a coin).",
  pasteAdd: "Add pasted rows",
  pasteUnread: (lines: string) => `These lines could not be read: ${lines}`,
  symbolRequired: "Enter a symbol",
  submit: "Compare",
  close: "Close",
  matches: "Matches the statement",
  matchesDetail: (date: string) => `Every holding and the cash agree with Ledgerline on ${date}.`,
  differencesTitle: (count: number) =>
    count === 1 ? "1 difference from the statement" : `${count} differences from the statement`,
  differencesCaption: "Holdings whose quantities differ",
  expected: "Statement",
  actual: "Ledgerline",
  cashDifference: (amount: string) => `Cash: the statement shows ${amount} more than Ledgerline`,
  cashShort: (amount: string) => `Cash: the statement shows ${amount} less than Ledgerline`,
  failed: "The statement could not be compared",
} as const;
