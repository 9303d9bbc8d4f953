import { m } from "@ledgerline/messages";
import { dateAndTime } from "../../../../lib/format";

/** A date over its time: two short lines keep the table within a 1280 px screen. */
export function Moment({ iso }: { iso: string | null | undefined }) {
  const parts = dateAndTime(iso);
  if (!parts) return <span className="num">{m.ui_not_available()}</span>;
  return (
    <span className="num block whitespace-nowrap">
      {parts[0]}
      <span className="block text-xs text-muted">{parts[1]}</span>
    </span>
  );
}
