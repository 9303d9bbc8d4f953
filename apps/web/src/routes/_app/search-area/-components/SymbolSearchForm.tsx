import { m } from "@ledgerline/messages";
import { SYMBOL_MAX_LENGTH } from "@ledgerline/contracts/browser";
import { Search, X } from "lucide-react";
import type { FormEvent } from "react";
import { Button } from "../../../../components/ui/Button";
import { inputClass } from "../../../../components/ui/Field";

/** The symbol box: at most 10 characters, shown upper-case; Enter or Search runs the lookup. */
export function SymbolSearchForm({
  value,
  onChange,
  onSearch,
  busy,
}: {
  value: string;
  onChange: (value: string) => void;
  onSearch: (symbol: string) => void;
  busy: boolean;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    const symbol = value.trim().toUpperCase();
    if (symbol) onSearch(symbol);
  }
  return (
    <form role="search" aria-label={m.search_by_symbol()} onSubmit={submit} className="space-y-1">
      <label htmlFor="symbol-search" className="block text-sm font-medium">
        {m.search_stock_symbol()}
      </label>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <input
            id="symbol-search"
            type="text"
            inputMode="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={SYMBOL_MAX_LENGTH}
            placeholder={m.search_symbol_placeholder()}
            value={value}
            onChange={(event) => onChange(event.target.value.toUpperCase())}
            className={`${inputClass} pr-10 uppercase placeholder:normal-case`}
          />
          {value && (
            <button
              type="button"
              aria-label={m.search_clear_symbol()}
              onClick={() => onChange("")}
              className="absolute inset-y-0 right-0 flex items-center px-3 text-muted hover:text-text"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          )}
        </div>
        <Button type="submit" busy={busy}>
          {!busy && <Search aria-hidden="true" className="h-4 w-4" />}
          {m.search_search()}
        </Button>
      </div>
    </form>
  );
}
