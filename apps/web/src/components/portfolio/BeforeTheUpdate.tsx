import type { HistoryUpdating } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import type { ReactNode } from "react";
import { formatCalendarDate } from "../../lib/format";

/** The frame of figures that are not final. */
export const NOT_FINAL = "mt-2 rounded-lg border border-dashed border-muted px-3 pb-3";

/**
 * A card's figures worked from the history stored before a back-dated change, while its
 * recompute runs (decision 0061): shown at once, but set apart in a dashed frame under a note that
 * they are not final, since the days from `updating.from` on are being restated. Not faded: faded
 * figures fail the text's contrast (axe), and they must stay readable. The "Updating history" banner reads the end,
 * and the cards are read again then.
 */
export function BeforeTheUpdate({
  updating,
  children,
}: {
  updating: HistoryUpdating;
  children: ReactNode;
}) {
  if (!updating) return children;
  return (
    <>
      <p className="mt-3 text-xs text-muted">
        {m.portfolio_figures_before_update({ date: formatCalendarDate(updating.from) })}
      </p>
      <div className={NOT_FINAL} data-testid="figures-before-update">
        {children}
      </div>
    </>
  );
}

/** Under the chart while its days from `updating.from` on are restated: where its line stops. */
export function ChartUpTo({ updating }: { updating: HistoryUpdating }) {
  if (!updating) return null;
  return (
    <p className="mt-2 text-xs text-muted">
      {m.portfolio_chart_up_to({ date: formatCalendarDate(updating.from) })}
    </p>
  );
}
