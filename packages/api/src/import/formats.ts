import { importMapping, type ImportMapping, type ImportSource } from "@ledgerline/contracts";

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
}

const CASH_MOVEMENT = "A cash movement, not a trade";
const INTEREST = "Interest on cash, not a trade";
const TRANSFER = "A transfer between accounts or wallets, not a trade";

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
      skip: [
        "Wire Received",
        "Wire Sent",
        "Wire Funds",
        "MoneyLink Transfer",
        "MoneyLink Deposit",
        "Funds Received",
        "Journal",
        "Journaled Shares",
        "Credit Interest",
        "Bank Interest",
        "Margin Interest",
        "Service Fee",
        "ADR Mgmt Fee",
        "Foreign Tax Paid",
        "NRA Tax Adj",
      ],
    },
  }),
  skipReasons: {
    "wire received": CASH_MOVEMENT,
    "wire sent": CASH_MOVEMENT,
    "wire funds": CASH_MOVEMENT,
    "moneylink transfer": CASH_MOVEMENT,
    "moneylink deposit": CASH_MOVEMENT,
    "funds received": CASH_MOVEMENT,
    journal: TRANSFER,
    "journaled shares": TRANSFER,
    "credit interest": INTEREST,
    "bank interest": INTEREST,
    "margin interest": INTEREST,
    "service fee": "A fee charged in cash, not a trade",
    "adr mgmt fee": "A fee charged in cash, not a trade",
    "foreign tax paid": "A tax withheld in cash, not a trade",
    "nra tax adj": "A tax withheld in cash, not a trade",
  },
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
      skip: ["Send", "Receive", "Convert", "Deposit", "Withdrawal", "Retail Staking Transfer"],
    },
  }),
  skipReasons: {
    send: TRANSFER,
    receive: TRANSFER,
    "retail staking transfer": TRANSFER,
    deposit: CASH_MOVEMENT,
    withdrawal: CASH_MOVEMENT,
    convert: "A conversion between two coins: record it as a sell and a buy",
  },
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
