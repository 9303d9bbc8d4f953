/** One row of the S&P 500 constituents list, the simulated market's universe. */
export interface Constituent {
  symbol: string;
  /** As the list spells it, e.g. "Coca-Cola Company (The)". */
  name: string;
  sector: string;
  subIndustry: string;
  city: string | null;
  /** A US state's full name, or a country for companies based abroad. */
  region: string | null;
  /** When it joined the index (YYYY-MM-DD). */
  dateAdded: string | null;
  cik: string | null;
  foundedYear: number | null;
}
