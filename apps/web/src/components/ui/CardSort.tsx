import { m } from "@ledgerline/messages";
import { ArrowDown, ArrowUp } from "lucide-react";
import { SelectField, type SelectOption } from "./SelectField";

/**
 * A card list's sort, where a table would have clickable headers: a column choice and a
 * button that turns the direction round (left out while nothing is sorted).
 */
export function CardSort<V extends string>({
  value,
  options,
  onChange,
  direction,
  onFlip,
}: {
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  direction: "asc" | "desc" | undefined;
  onFlip: () => void;
}) {
  return (
    <div className="mb-3 flex items-end gap-2">
      <SelectField
        className="flex-1"
        label={m.ui_sort_by()}
        value={value}
        options={options}
        onChange={onChange}
      />
      {direction && (
        <button
          type="button"
          onClick={onFlip}
          className="inline-flex h-10 items-center gap-1 rounded-md border border-border bg-surface px-3 text-sm"
        >
          {direction === "desc" ? (
            <ArrowDown aria-hidden="true" className="h-4 w-4" />
          ) : (
            <ArrowUp aria-hidden="true" className="h-4 w-4" />
          )}
          {direction === "desc" ? m.ui_descending() : m.ui_ascending()}
        </button>
      )}
    </div>
  );
}
