import { m } from "@ledgerline/messages";
import { COMPANY_SEARCH_MIN_LENGTH } from "@ledgerline/contracts/browser";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { useDebounced } from "../../lib/use-debounced";
import { coinNamesQuery } from "../crypto/crypto-reads";
import { coinHits, stockHits, type SearchHit } from "./search-hits";

/** Typing pauses this long before the company search is asked. */
const DEBOUNCE_MS = 250;

/**
 * What the search dialog lists for `text`: the company search's stocks (from 2 characters) and
 * the coins whose symbol or name matches, once typing pauses; `loading` until they are known.
 */
export function useSearchHits(open: boolean, text: string) {
  const query = useDebounced(text.trim(), DEBOUNCE_MS);
  const enabled = open && query.length >= COMPANY_SEARCH_MIN_LENGTH;
  const stocks = useQuery({
    ...trpc.market.search.queryOptions({ query }),
    enabled,
    staleTime: 5 * 60_000,
  });
  const coins = useQuery({ ...coinNamesQuery(), enabled: open });
  const typed = text.trim();
  const settled = query === typed;
  const hits: SearchHit[] = settled
    ? [...(enabled ? stockHits(stocks.data ?? []) : []), ...coinHits(coins.data ?? [], query)]
    : [];
  const loading = typed !== "" && (!settled || (enabled && stocks.isFetching));
  return { typed, hits, loading };
}

/** The one status line under the list: searching, nothing matches, or how many match. */
export function searchStatus(typed: string, loading: boolean, count: number): string {
  if (typed === "") return "";
  if (loading) return m.nav_search_searching();
  if (count === 0) return m.nav_search_nothing({ typed });
  return count === 1 ? m.nav_search_one_match() : m.nav_search_matches({ count });
}
