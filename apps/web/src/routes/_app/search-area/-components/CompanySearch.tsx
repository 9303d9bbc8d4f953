import { m } from "@ledgerline/messages";
import { COMPANY_SEARCH_MIN_LENGTH } from "@ledgerline/contracts/browser";
import type { CompanySearchHit } from "@ledgerline/contracts";
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type KeyboardEvent } from "react";
import { inputClass } from "../../../../components/ui/Field";
import { Spinner } from "../../../../components/ui/Spinner";
import { cx } from "../../../../components/ui/cx";
import { trpc } from "../../../../lib/trpc";
import { useDebounced } from "../../../../lib/use-debounced";

const DEBOUNCE_MS = 300;

/**
 * Company-name search: a combobox whose matches (at most 10) appear from 2 characters on, with a
 * spinner while they load. Picking one looks its symbol up.
 */
export function CompanySearch({ onPick }: { onPick: (ticker: string) => void }) {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const inputId = useId();
  const query = useDebounced(text.trim(), DEBOUNCE_MS);
  const enabled = query.length >= COMPANY_SEARCH_MIN_LENGTH;
  const search = useQuery({
    ...trpc.market.search.queryOptions({ query }),
    enabled,
    staleTime: 5 * 60_000,
  });
  const tooShort = text.trim().length < COMPANY_SEARCH_MIN_LENGTH;
  // Fewer than 2 characters clears the results (spec section 5).
  const hits: CompanySearchHit[] = !tooShort && enabled ? (search.data ?? []) : [];
  const loading = !tooShort && (query !== text.trim() || (enabled && search.isFetching));
  const expanded = open && !tooShort && (hits.length > 0 || (!loading && search.isSuccess));

  function pick(hit: CompanySearchHit) {
    onPick(hit.ticker);
    setText("");
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && hits.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % hits.length);
    } else if (event.key === "ArrowUp" && hits.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? hits.length - 1 : index - 1));
    } else if (event.key === "Enter" && expanded && hits[active]) {
      event.preventDefault();
      pick(hits[active]);
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <div className="relative space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium">
        {m.search_company_name()}
      </label>
      <div className="relative">
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          placeholder={m.search_company_placeholder()}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={cx(inputClass, "pr-10")}
        />
        {loading && (
          <span className="absolute inset-y-0 right-0 flex items-center px-3 text-primary">
            <Spinner size="sm" label={m.search_searching_companies()} />
          </span>
        )}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={m.search_matching_companies()}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-80 w-full overflow-auto rounded-md border border-border bg-surface py-1 shadow-lg"
      >
        {hits.map((hit, index) => (
          <li
            key={hit.ticker}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Keeps focus in the input, so the list does not close before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(hit)}
            className={cx(
              "flex cursor-pointer items-baseline gap-3 px-3 py-2 text-sm",
              index === active ? "bg-surface-muted" : "hover:bg-surface-muted",
            )}
          >
            <span className="w-16 shrink-0 font-semibold">{hit.ticker}</span>
            <span className="truncate text-muted">{hit.name}</span>
          </li>
        ))}
        {hits.length === 0 && (
          <li
            role="option"
            aria-selected={false}
            aria-disabled="true"
            className="px-3 py-2 text-sm text-muted"
          >
            {m.search_no_match({ text: text.trim() })}
          </li>
        )}
      </ul>
    </div>
  );
}
