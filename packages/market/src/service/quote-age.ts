import type { LoadedEntry } from "./cached-loader";

/** The age fields of a quote: stale when it stands in for a failed refresh, fetched at `asOf`. */
export function quoteAgeOf(
  entry: LoadedEntry<unknown>,
  now: number,
): { stale: boolean; asOf: string; ageSeconds: number } {
  return {
    stale: entry.stale,
    asOf: new Date(entry.storedAt).toISOString(),
    ageSeconds: Math.max(0, Math.floor((now - entry.storedAt) / 1000)),
  };
}

interface Aged {
  stale?: boolean | undefined;
  asOf?: string | undefined;
  ageSeconds?: number | undefined;
}

/** A quote as stored for later: its figures and when they were fetched, not how old they are now. */
export function storableQuote<T extends Aged>(quote: T): Omit<T, "stale" | "ageSeconds"> {
  const { stale: _stale, ageSeconds: _age, ...figures } = quote;
  return figures;
}

/** A stored quote shown because its refresh failed: stale, as of when it was fetched. */
export function staleStoredQuote<T extends Aged>(quote: T, storedAt: Date, now: Date): T {
  const asOf = quote.asOf ?? storedAt.toISOString();
  const ageSeconds = Math.max(0, Math.floor((now.getTime() - Date.parse(asOf)) / 1000));
  return { ...quote, stale: true, asOf, ageSeconds };
}
