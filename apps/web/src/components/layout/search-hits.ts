import type { CompanySearchHit, CryptoCurrency } from "@ledgerline/contracts";

/** One answer of the global search: a stock or a coin, and the page it opens. */
export interface SearchHit {
  kind: "stock" | "crypto";
  symbol: string;
  name: string;
}

/** At most this many coins beside the stocks (the company search gives at most 10). */
export const MAX_COIN_HITS = 5;

/**
 * The coins whose symbol starts with the text or whose name contains it, symbol matches first
 * (typing "BTC" wants Bitcoin before "Wrapped BTC"), from the market's (cached) list of coins.
 */
export function coinHits(coins: readonly CryptoCurrency[], text: string): SearchHit[] {
  const query = text.trim().toLowerCase();
  if (query === "") return [];
  const bySymbol = coins.filter((coin) => coin.id.toLowerCase().startsWith(query));
  const byName = coins.filter(
    (coin) => !bySymbol.includes(coin) && coin.name.toLowerCase().includes(query),
  );
  return [...bySymbol, ...byName]
    .slice(0, MAX_COIN_HITS)
    .map((coin) => ({ kind: "crypto", symbol: coin.id, name: coin.name }));
}

export const stockHits = (hits: readonly CompanySearchHit[]): SearchHit[] =>
  hits.map((hit) => ({ kind: "stock", symbol: hit.ticker, name: hit.name }));
