import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { useIsClient } from "../../lib/use-is-client";
import { cx } from "./cx";

export const inputClass =
  "block w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-text placeholder:text-muted focus:border-focus focus:outline-none focus:ring-2 focus:ring-focus/30 disabled:opacity-60";

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Rendered inside the input's box on the right (e.g. a reveal button). */
  trailing?: ReactNode;
}

export function Field({
  label,
  error,
  hint,
  trailing,
  className,
  id,
  readOnly,
  ...rest
}: FieldProps) {
  const generated = useId();
  const isClient = useIsClient();
  const inputId = id ?? generated;
  const describedBy =
    [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <div className={cx("space-y-1", className)}>
      <label htmlFor={inputId} className="block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cx(inputClass, trailing ? "pr-11" : undefined)}
          readOnly={readOnly || !isClient}
          {...rest}
        />
        {trailing && (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
        )}
      </div>
      {hint && (
        <p id={`${inputId}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="text-sm text-loss">
          {error}
        </p>
      )}
    </div>
  );
}
