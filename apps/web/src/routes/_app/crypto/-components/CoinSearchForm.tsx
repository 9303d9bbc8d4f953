import { m } from "@ledgerline/messages";
import { SYMBOL_MAX_LENGTH } from "@ledgerline/contracts/browser";
import { Search, X } from "lucide-react";
import { useRef, type FormEvent } from "react";
import { Button } from "../../../../components/ui/Button";
import { inputClass } from "../../../../components/ui/Field";

/** The symbol box (upper case as typed, with a clear button) and Search. */
export function CoinSearchForm({
  text,
  onText,
  onSearch,
  busy,
}: {
  text: string;
  onText: (text: string) => void;
  onSearch: (symbol: string) => void;
  busy: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text);
  }
  return (
    <form role="search" onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
      <div className="relative flex-1">
        <label htmlFor="crypto-symbol" className="sr-only">
          {m.crypto_symbol_label()}
        </label>
        <input
          id="crypto-symbol"
          ref={input}
          value={text}
          onChange={(event) => onText(event.target.value.toUpperCase())}
          maxLength={SYMBOL_MAX_LENGTH}
          placeholder={m.crypto_symbol_placeholder()}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className={`${inputClass} h-11 pr-10 text-base uppercase placeholder:normal-case`}
        />
        {text !== "" && (
          <button
            type="button"
            aria-label={m.search_clear_symbol()}
            onClick={() => {
              onText("");
              input.current?.focus();
            }}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted hover:text-text"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        )}
      </div>
      <Button type="submit" size="lg" className="h-11" busy={busy}>
        {!busy && <Search aria-hidden="true" className="h-4 w-4" />}
        {m.search_search()}
      </Button>
    </form>
  );
}
