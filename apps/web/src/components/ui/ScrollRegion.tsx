import type { ReactNode } from "react";
import { cx } from "./cx";

/**
 * A box whose table scrolls sideways when a phone is too narrow for it: a named region that is
 * focusable, so the keyboard can scroll it too, outlined while focused. Named by `label`, or by
 * the heading `labelledBy` points at.
 */
export function ScrollRegion({
  label,
  labelledBy,
  className,
  children,
}: {
  label?: string;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
      className={cx(
        className,
        "overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary",
      )}
    >
      {children}
    </div>
  );
}
