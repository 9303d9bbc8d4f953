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
