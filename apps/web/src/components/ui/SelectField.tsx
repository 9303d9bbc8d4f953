import { m } from "@ledgerline/messages";
import { useId } from "react";
import { inputClass } from "./Field";
import { cx } from "./cx";

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

/** A filter's first choice: the empty value, which leaves the filter out of the search. */
export const anyOption: SelectOption<""> = { value: "", label: m.ui_all() };

/**
 * One option per value of a contract's enum, in its order, labelled as the value reads in a
 * sentence ("BUY" is "Buy") unless `labels` names it otherwise.
 */
export function enumOptions<V extends string>(
  values: readonly V[],
  labels: Partial<Record<V, string>> = {},
): SelectOption<V>[] {
  return values.map((value) => ({
    value,
    label: labels[value] ?? (value.charAt(0) + value.slice(1).toLowerCase()).replaceAll("_", " "),
  }));
}

/** A labelled select, as `Field` is a labelled input: the filter and sort forms' choices. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  className,
  error,
  hint,
  disabled,
}: {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  className?: string;
  /** What is wrong with the choice, shown under it and read with it. */
  error?: string | null;
  /** What the choices mean, shown under the select and read with it. */
  hint?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") ||
    undefined;
  return (
    <div className={cx("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        className={inputClass}
        value={value}
        // The options are the only values the element can take.
        onChange={(event) => onChange(event.target.value as V)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-loss">
          {error}
        </p>
      )}
    </div>
  );
}

/** A TanStack form field over one of a select's values. */
interface ChoiceField<V extends string> {
  state: { value: V };
  handleChange: (value: V) => void;
}

/**
 * `form.Field`'s render function for a labelled select bound to the field: it shows the field's
 * value and writes the choice back, as `textInput` binds a `Field`.
 */
export function boundSelect<V extends string>(
  label: string,
  options: readonly SelectOption<V>[],
  hint?: string,
) {
  return (field: ChoiceField<V>) => (
    <SelectField
      label={label}
      hint={hint}
      value={field.state.value}
      options={options}
      onChange={field.handleChange}
    />
  );
}
