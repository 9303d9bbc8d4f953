import type { ReactNode } from "react";
import { cx } from "../ui/cx";

export type FigureRow = [label: string, value: ReactNode];

/** An asset's figures as label over value, in a grid the card chooses. */
export function FigureList({
  rows,
  className,
}: {
  rows: readonly FigureRow[];
  className?: string;
}) {
  return (
    <dl className={cx("grid grid-cols-2 gap-x-4 gap-y-3 text-sm", className)}>
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-muted">{label}</dt>
          <dd className="num mt-0.5 font-semibold break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
