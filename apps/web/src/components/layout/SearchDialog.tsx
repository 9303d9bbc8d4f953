import { COMPANY_SEARCH_MIN_LENGTH } from "@ledgerline/contracts/browser";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { coinNamesQuery } from "../crypto/crypto-reads";
import { inputClass } from "../ui/Field";
import { Modal } from "../ui/Modal";
import { Spinner } from "../ui/Spinner";
import { cx } from "../ui/cx";
import { trpc } from "../../lib/trpc";
import { useDebounced } from "../../lib/use-debounced";
import { coinHits, stockHits, type SearchHit } from "./search-hits";

/** Typing pauses this long before the company search is asked. */
const DEBOUNCE_MS = 250;

/**
 * Finds a stock (the company search, from 2 characters) or a coin (the market's list of coins)
 * by symbol or name, as a combobox over a listbox: arrows move, Enter opens the research or coin
 * page, Escape closes and gives focus back to what had it.
 */
export default function SearchDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
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
  const current = hits[Math.min(active, hits.length - 1)];

  function close() {
    onOpenChange(false);
    setText("");
    setActive(0);
  }

  function go(hit: SearchHit) {
    close();
    void navigate(
      hit.kind === "stock"
        ? { to: "/research/$symbol", params: { symbol: hit.symbol } }
        : { to: "/crypto/$symbol", params: { symbol: hit.symbol } },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && hits.length > 0) {
      event.preventDefault();
      setActive((index) => (Math.min(index, hits.length - 1) + 1) % hits.length);
    } else if (event.key === "ArrowUp" && hits.length > 0) {
      event.preventDefault();
      setActive((index) => (Math.min(index, hits.length - 1) - 1 + hits.length) % hits.length);
    } else if (event.key === "Enter" && current) {
      event.preventDefault();
      go(current);
    }
  }

  const activeIndex = current ? hits.indexOf(current) : -1;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Search stocks and crypto"
      description="Type a ticker, a company's or a coin's name. Arrow keys choose, Enter opens."
      initialFocus={input}
    >
      <div className="relative">
        <input
          ref={input}
          type="text"
          role="combobox"
          aria-label="Ticker or name"
          aria-autocomplete="list"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. AAPL, Apple, BTC"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className={cx(inputClass, "pr-10")}
        />
        {loading && (
          // Decorative: the one status line below says "Searching…", so a screen reader hears it once.
          <span className="absolute inset-y-0 right-0 flex items-center px-3 text-primary">
            <Spinner size="sm" label="" />
          </span>
        )}
      </div>
      {hits.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Matching stocks and crypto"
          className="mt-3 max-h-[min(24rem,60vh)] overflow-y-auto"
        >
          {hits.map((hit, index) => (
            <li
              key={`${hit.kind}-${hit.symbol}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => go(hit)}
              className={cx(
                "flex cursor-pointer items-baseline gap-3 rounded-md px-3 py-2 text-sm",
                index === activeIndex && "bg-surface-muted",
              )}
            >
              <span className="w-16 shrink-0 font-semibold">{hit.symbol}</span>
              <span className="min-w-0 flex-1 truncate text-muted">{hit.name}</span>
              <span className="shrink-0 text-xs text-muted">
                {hit.kind === "stock" ? "Stock" : "Crypto"}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="mt-2 text-sm text-muted">
        {typed === ""
          ? ""
          : loading
            ? "Searching…"
            : hits.length === 0
              ? `Nothing matches “${typed}”.`
              : `${hits.length} ${hits.length === 1 ? "match" : "matches"}`}
      </p>
    </Modal>
  );
}
