import { m } from "@ledgerline/messages";
import { useState, type ReactNode } from "react";
import { MoneyText } from "../../../../components/money/Money";
import { formatRatio } from "../../../../lib/format";
import { Trend } from "./GainLoss";

/** A signed amount of the returns, coloured and marked by its direction. */
export function Amount({ value }: { value: string }) {
  return (
    <Trend value={value}>
      <MoneyText usd={value} signed />
    </Trend>
  );
}

/** A return as a percent; N/A when there is none (nothing held, or no rate solves it). */
export function Ratio({ value }: { value: string | null }) {
  return value === null ? (
    <span className="text-muted">{m.portfolio_not_available()}</span>
  ) : (
    <Trend value={value}>{formatRatio(value)}</Trend>
  );
}

/**
 * Whether a period is under a year (issue 37): there a yearly rate reads as an error (-35% 'over'
 * five months), so such periods show every return cumulative, each labelled so.
 */
export function isUnderAYear(startDate: string, endDate: string): boolean {
  const days =
    (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000;
  return days < 365;
}

/** A figure of a card, with its 'Explain' panel (the returns', the risk's). */
export function Figure({
  label,
  value,
  wide = false,
  children,
}: {
  label: string;
  value: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  // The explanation (tables of a year's flows and pieces, each amount formatted) is drawn when
  // first opened, not with the page: closed, it is never seen, and drawing the six of them was
  // a long task of the page's first render on a phone. The summary's click draws it in the same
  // task as the opening; a find-in-page that opens the details draws it on its toggle.
  const [opened, setOpened] = useState(false);
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-xl">{value}</dd>
      <dd>
        <details
          className="mt-1 text-sm"
          onToggle={(event) => {
            if (event.currentTarget.open) setOpened(true);
          }}
        >
          <summary className="cursor-pointer text-primary" onClick={() => setOpened(true)}>
            {m.summary_explain()}
            <span className="sr-only"> {label}</span>
          </summary>
          <div className="mt-2 space-y-2 rounded-md bg-surface-muted p-3">{opened && children}</div>
        </details>
      </dd>
    </div>
  );
}
