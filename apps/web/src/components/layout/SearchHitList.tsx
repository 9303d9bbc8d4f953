import { m } from "@ledgerline/messages";
import { cx } from "../ui/cx";
import type { SearchHit } from "./search-hits";

/** The matches as the combobox's listbox: the pointer moves the active one, a click opens it. */
export function SearchHitList({
  listId,
  hits,
  activeIndex,
  onActive,
  onOpen,
}: {
  listId: string;
  hits: SearchHit[];
  activeIndex: number;
  onActive: (index: number) => void;
  onOpen: (hit: SearchHit) => void;
}) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={m.nav_search_hits()}
      className="mt-3 max-h-[min(24rem,60vh)] overflow-y-auto"
    >
      {hits.map((hit, index) => (
        <li
          key={`${hit.kind}-${hit.symbol}`}
          id={`${listId}-${index}`}
          role="option"
          aria-selected={index === activeIndex}
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => onActive(index)}
          onClick={() => onOpen(hit)}
          className={cx(
            "flex cursor-pointer items-baseline gap-3 rounded-md px-3 py-2 text-sm",
            index === activeIndex && "bg-surface-muted",
          )}
        >
          <span className="w-16 shrink-0 font-semibold">{hit.symbol}</span>
          <span className="min-w-0 flex-1 truncate text-muted">{hit.name}</span>
          <span className="shrink-0 text-xs text-muted">
            {hit.kind === "stock" ? m.nav_search_stock() : m.nav_search_crypto()}
          </span>
        </li>
      ))}
    </ul>
  );
}
