import { m } from "@ledgerline/messages";
import { cx } from "./cx";

const sizes = {
  sm: "h-4 w-4 border-2",
  md: "h-8 w-8 border-[3px]",
  lg: "h-12 w-12 border-4",
} as const;

/** The spec's spinner in sizes sm, md and lg; an empty label makes it decorative. */
export function Spinner({
  size = "md",
  label = m.ui_loading(),
}: {
  size?: keyof typeof sizes;
  label?: string;
}) {
  return (
    <span role={label ? "status" : undefined} className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={cx(
          "animate-spin rounded-full border-current border-t-transparent opacity-80",
          sizes[size],
        )}
      />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
