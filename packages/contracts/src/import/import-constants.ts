/** The import's texts and limits the browser needs too, free of zod (see browser.ts). */

/** The columns every mapping names, as a person calls them. */
export const importRequiredColumns = {
  date: "Date",
  symbol: "Symbol",
  action: "Action",
  quantity: "Quantity",
  price: "Price",
} as const;

export const importMappingMessages = {
  /** A required column the mapping leaves out: named, so the user knows which to choose. */
  columnMissing: (label: string) =>
    `Choose the file's ${label} column: the mapping names none, and every row needs it`,
} as const;

/** The beginning of a file that detection reads: its header and first rows, as whole lines. */
export const IMPORT_DETECT_MAX_CHARS = 32 * 1024;

/**
 * The account an import from a known broker or exchange may go into, named after the source
 * (issue 31): the import page offers to create it when the person keeps no account by that name.
 * It tracks cash: the file's deposits, interest and fees land in it with its trades, so its
 * balance can match the statement's.
 */
export const importSourceAccounts = {
  schwab: { name: "Schwab", type: "taxable", institution: "Charles Schwab", cashTracked: true },
  coinbase: { name: "Coinbase", type: "exchange", institution: "Coinbase", cashTracked: true },
} as const;
