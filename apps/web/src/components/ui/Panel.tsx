import type { ReactNode } from "react";
import { cx } from "./cx";
import { Spinner } from "./Spinner";

/**
 * A titled card of a page (the summary's returns, risk and value cards, the research and coin
 * pages' panels): a section named by its h2. `controls` (range tabs, toggles) sit to the right of
 * the title and wrap under it on a phone; `updating` is the label of a small spinner after the
 * title while a refresh runs, the card keeping its last figures meanwhile. `titleClassName` spaces
 * a lone title from what follows.
 */
export function Panel({
  titleId,
  title,
  controls,
  updating,
  titleClassName,
  headerClassName = "gap-3",
  className,
  children,
}: {
  titleId: string;
  title: ReactNode;
  controls?: ReactNode;
  updating?: string | false;
  titleClassName?: string;
  /** The spacing of the title's row with controls. */
  headerClassName?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={cx("rounded-xl border border-border bg-surface p-5 shadow-sm", className)}
    >
      {controls ? (
        <div className={cx("flex flex-wrap items-center justify-between", headerClassName)}>
          <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
            {title}
            {updating && <Spinner size="sm" label={updating} />}
          </h2>
          {controls}
        </div>
      ) : (
        <h2 id={titleId} className={cx("text-lg font-semibold", titleClassName)}>
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}
