import type { PortfolioSummary } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { MoneyText } from "../../../../components/money/Money";
import { cx } from "../../../../components/ui/cx";
import { formatShare } from "../../../../lib/format";
import { Panel } from "../../../../components/ui/Panel";

/** A bar's width: the server's exact percentage, as a CSS length (display only). */
const width = (percent: number | null) => `${Math.max(0, Math.min(100, percent ?? 0))}%`;

/**
 * Where the money is: stocks against crypto, then each holding's share of the whole. The bars are
 * decoration; the figures beside them say it all in text.
 */
export function Allocation({ summary }: { summary: Pick<PortfolioSummary, "stocks" | "crypto"> }) {
  const kinds = [
    {
      key: "stocks",
      label: m.summary_slice_stocks(),
      share: summary.stocks.allocationPercent,
      value: summary.stocks.totals.currentValue,
      colour: "bg-info",
    },
    {
      key: "crypto",
      label: m.summary_slice_crypto(),
      share: summary.crypto.allocationPercent,
      value: summary.crypto.totals.currentValue,
      colour: "bg-warn",
    },
  ];
  const holdings = [
    ...summary.stocks.positions.map((p) => ({
      ...p,
      colour: "bg-info",
      kind: "stock",
      kindLabel: m.summary_kind_stock(),
    })),
    ...summary.crypto.positions.map((p) => ({
      ...p,
      colour: "bg-warn",
      kind: "crypto",
      kindLabel: m.summary_kind_crypto(),
    })),
  ].sort((a, b) => (b.allocationPercent ?? 0) - (a.allocationPercent ?? 0));

  return (
    <Panel titleId="allocation-heading" title={m.summary_allocation_title()}>
      {holdings.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{m.summary_nothing_held_yet()}</p>
      ) : (
        <>
          <div
            aria-hidden="true"
            className="mt-4 flex h-3 w-full overflow-hidden rounded-full bg-surface-muted"
          >
            {kinds.map((kind) => (
              <div key={kind.key} className={kind.colour} style={{ width: width(kind.share) }} />
            ))}
          </div>
          <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            {kinds.map((kind) => (
              <li key={kind.key} className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className={cx("inline-block h-2.5 w-2.5 rounded-sm", kind.colour)}
                />
                <span className="font-medium">{kind.label}</span>
                <span className="num text-muted">
                  {formatShare(kind.share ?? 0)} · <MoneyText usd={kind.value} />
                </span>
              </li>
            ))}
          </ul>
          <h3 className="mt-5 text-sm font-semibold text-muted">
            {m.summary_by_holding_heading()}
          </h3>
          <HoldingBars holdings={holdings} />
        </>
      )}
    </Panel>
  );
}

/** Each holding's share of the whole, largest first, as a figure and a bar. */
function HoldingBars({
  holdings,
}: {
  holdings: {
    symbol: string;
    kind: string;
    kindLabel: string;
    colour: string;
    allocationPercent: number | null;
  }[];
}) {
  return (
    <ul className="mt-2 space-y-2">
      {holdings.map((holding) => (
        <li key={`${holding.kind}-${holding.symbol}`} className="text-sm">
          <div className="flex items-baseline justify-between gap-2">
            <span className="font-medium">
              {holding.symbol}
              <span className="sr-only"> ({holding.kindLabel})</span>
            </span>
            <span className="num text-muted">{formatShare(holding.allocationPercent ?? 0)}</span>
          </div>
          <div aria-hidden="true" className="mt-1 h-1.5 w-full rounded-full bg-surface-muted">
            <div
              className={cx("h-1.5 rounded-full", holding.colour)}
              style={{ width: width(holding.allocationPercent) }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
