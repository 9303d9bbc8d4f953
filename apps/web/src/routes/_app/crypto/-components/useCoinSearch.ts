import type { CryptoQuote } from "@ledgerline/contracts";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useSearchHistory } from "../../../../components/assets/useSearchHistory";
import { cryptoAsset } from "../../../../components/assets/crypto";
import { coinQuoteQuery } from "../../../../components/crypto/crypto-reads";

/**
 * The crypto search: the symbol in the URL, its quote, the text in the box and the history of
 * searches. Searching the shown symbol again refetches it.
 */
export function useCoinSearch(symbol: string | undefined) {
  const navigate = useNavigate({ from: "/crypto/" });
  const [text, setText] = useState(symbol ?? "");
  const { history, record, clear } = useSearchHistory<CryptoQuote>(cryptoAsset.searchHistory);
  const quote = useQuery({
    ...coinQuoteQuery(symbol ?? ""),
    enabled: symbol !== undefined,
    staleTime: 0,
  });

  // Every search that finds its coin (a repeat too) moves it to the front of the history; a
  // background refetch of the shown result is not a search.
  const searching = useRef(symbol !== undefined);
  useEffect(() => {
    if (!searching.current || quote.isFetching) return;
    searching.current = false;
    if (quote.isSuccess) record(quote.data);
  }, [quote.data, quote.isFetching, quote.isSuccess, record]);

  function search(requested: string) {
    const next = requested.trim().toUpperCase();
    if (next === "") return;
    searching.current = true;
    setText(next);
    if (next === symbol) void quote.refetch();
    else void navigate({ search: { symbol: next } });
  }
  // Cleared while a search is still being answered (the page opened or reloaded on a coin's
  // address searches it), the history stays empty when the answer comes.
  function clearHistory() {
    searching.current = false;
    clear();
  }
  const result = symbol !== undefined && quote.isSuccess && !quote.isError ? quote.data : undefined;
  return { text, setText, search, history, clear: clearHistory, quote, result };
}

export type CoinQuery = ReturnType<typeof useCoinSearch>["quote"];
