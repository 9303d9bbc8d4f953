import { importMapping, type ImportMapping, type ImportSource } from "@ledgerline/contracts";
import { importRowMessages } from "./import-messages";

/**
 * What each source's files look like, written as the same column mapping a user gives for
 * 'Other CSV', plus the reasons a preset knows for the actions it skips. One interpreter
 * (parse.ts) reads them all.
 */
export interface ImportFormat {
  /** How the file is named in messages: "a Charles Schwab export". */
  label: string;
  mapping: ImportMapping;
  /** Why a skipped action is skipped, by action (lower case). */
  skipReasons: Record<string, string>;
  /** Columns of the mapping a file may lack (an older export of ours has no fee). */
  optionalColumns?: readonly string[];
  /**
   * The amount column is signed, money in positive and out negative (Schwab): a fee or tax row
   * with a positive amount is a refund, which is not recorded as a charge.
   */
  signedCash?: true;
  /** The symbol column names a cash row's currency (Coinbase's Asset): only USD is cash. */
  cashCurrencyInSymbol?: true;
}

/** The transaction history's own CSV export (services/transactions, rest/routes/transactions). */
const ledgerline: ImportFormat = {
  label: "a Ledgerline CSV export",
  mapping: importMapping.parse({
    dateFormat: "YYYY-MM-DD",
    columns: {
      date: "transactionDate",
      symbol: "symbol",
      action: "transactionType",
      quantity: "quantity",
      price: "price",
      fees: "fee",
      notes: "notes",
      assetType: "type",
    },
    actions: { buy: ["BUY"], sell: ["SELL"], dividend: ["DIVIDEND"], split: ["SPLIT"] },
  }),
  skipReasons: {},
  // Exports made before trades had fees have no fee column: their trades had none.
  optionalColumns: ["fee"],
};

/** Charles Schwab brokerage history ("Date","Action","Symbol",...), newest first. */
const schwab: ImportFormat = {
  label: "a Charles Schwab export",
  mapping: importMapping.parse({
    dateFormat: "MM/DD/YYYY",
    columns: {
      date: "Date",
      symbol: "Symbol",
      action: "Action",
      quantity: "Quantity",
      price: "Price",
      fees: "Fees & Comm",
      amount: "Amount",
      notes: "Description",
    },
    assetType: "STOCK",
    actions: {
      buy: ["Buy", "Reinvest Shares", "Buy to Open"],
      sell: ["Sell", "Sell to Close"],
      dividend: [
        "Cash Dividend",
        "Qualified Dividend",
        "Non-Qualified Div",
        "Reinvest Dividend",
        "Special Dividend",
        "Pr Yr Cash Div",
        "Pr Yr Div Reinvest",
      ],
      split: ["Stock Split"],
      // Schwab writes one action for money in and out: the Amount's sign says which (decision 0039).
      deposit: [
        "Wire Received",
        "Wire Funds",
        "MoneyLink Transfer",
        "MoneyLink Deposit",
        "Funds Received",
        "Journal",
      ],
      withdrawal: ["Wire Sent"],
      interest: ["Credit Interest", "Bank Interest"],
      // Interest charged on a margin loan is a cost of the account, not income.
      fee: ["Margin Interest", "Service Fee", "ADR Mgmt Fee", "Advisor Fee", "Wire Funds Fee"],
      tax: ["Foreign Tax Paid", "NRA Tax Adj", "NRA Withholding"],
      skip: ["Journaled Shares"],
    },
  }),
  skipReasons: {
    "journaled shares": importRowMessages.journaledShares,
  },
  signedCash: true,
};

/** Coinbase transaction history (ID, Timestamp, Transaction Type, Asset, ...). */
const coinbase: ImportFormat = {
  label: "a Coinbase export",
  mapping: importMapping.parse({
    dateFormat: "YYYY-MM-DD",
    columns: {
      date: "Timestamp",
      symbol: "Asset",
      action: "Transaction Type",
      quantity: "Quantity Transacted",
      price: "Price at Transaction",
      fees: "Fees and/or Spread",
      notes: "Notes",
      currency: "Price Currency",
    },
    assetType: "CRYPTO",
    actions: {
      buy: ["Buy", "Advanced Trade Buy"],
      sell: ["Sell", "Advanced Trade Sell"],
      dividend: [
        "Staking Income",
        "Rewards Income",
        "Inflation Reward",
        "Learning Reward",
        "Coinbase Earn",
        "Interest",
      ],
      // Deposits and withdrawals move dollars; sends and receives move coins (decision 0039).
      deposit: ["Deposit"],
      withdrawal: ["Withdrawal"],
      skip: ["Send", "Receive", "Convert", "Retail Staking Transfer"],
    },
  }),
  skipReasons: {
    send: importRowMessages.coinsMoved,
    receive: importRowMessages.coinsMoved,
    "retail staking transfer": importRowMessages.transfer,
    convert: importRowMessages.convert,
  },
  cashCurrencyInSymbol: true,
};

/** The format of a request: a preset, or the user's mapping for 'Other CSV'. */
export function importFormat(
  source: ImportSource,
  mapping: ImportMapping | undefined,
): ImportFormat {
  switch (source) {
    case "ledgerline":
      return ledgerline;
    case "schwab":
      return schwab;
    case "coinbase":
      return coinbase;
    case "generic":
      if (!mapping) throw new Error("a generic import needs its mapping");
      return { label: "this file", mapping, skipReasons: {} };
  }
}
