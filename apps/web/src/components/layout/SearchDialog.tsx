import { m } from "@ledgerline/messages";
import { useNavigate } from "@tanstack/react-router";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { inputClass } from "../ui/Field";
import { Modal } from "../ui/Modal";
import { Spinner } from "../ui/Spinner";
import { cx } from "../ui/cx";
import type { SearchHit } from "./search-hits";
import { SearchHitList } from "./SearchHitList";
import { searchStatus, useSearchHits } from "./useSearchHits";

/**
 * The hit the arrow keys move to (wrapping around), and Enter opening it; the index kept may
 * run past a shorter list, which then means its last hit.
 */
function useActiveHit(hits: SearchHit[], open: (hit: SearchHit) => void) {
  const [active, setActive] = useState(0);
  const current = hits[Math.min(active, hits.length - 1)];
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && hits.length > 0) {
      event.preventDefault();
      setActive((index) => (Math.min(index, hits.length - 1) + 1) % hits.length);
    } else if (event.key === "ArrowUp" && hits.length > 0) {
      event.preventDefault();
      setActive((index) => (Math.min(index, hits.length - 1) - 1 + hits.length) % hits.length);
    } else if (event.key === "Enter" && current) {
      event.preventDefault();
      open(current);
    }
  }
  return { activeIndex: current ? hits.indexOf(current) : -1, setActive, onKeyDown };
}

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
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { typed, hits, loading } = useSearchHits(open, text);
  const { activeIndex, setActive, onKeyDown } = useActiveHit(hits, (hit) => go(hit));

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

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={m.nav_search()}
      description={m.nav_search_hint()}
      initialFocus={input}
    >
      <div className="relative">
        <input
          ref={input}
          type="text"
          role="combobox"
          aria-label={m.nav_search_input()}
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
        <SearchHitList
          listId={listId}
          hits={hits}
          activeIndex={activeIndex}
          onActive={setActive}
          onOpen={go}
        />
      )}
      <p role="status" className="mt-2 text-sm text-muted">
        {searchStatus(typed, loading, hits.length)}
      </p>
    </Modal>
  );
}
