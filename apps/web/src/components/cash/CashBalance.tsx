import { m } from "@ledgerline/messages";
import { sign } from "@ledgerline/money";
import { formatCurrency } from "../../lib/format";
import { Badge } from "../ui/Badge";

/**
 * An account's cash balance. Below zero (a buy the cash did not cover: brokers lend) it reads
 * with its minus sign, in the loss colour, and says it is negative in words, never colour alone.
 */
export function CashBalance({ value, className }: { value: string; className?: string }) {
  if (sign(value) >= 0)
    return <span className={`num ${className ?? ""}`}>{formatCurrency(value)}</span>;
  return (
    <span className={`inline-flex flex-wrap items-center gap-2 ${className ?? ""}`}>
      <span className="num font-semibold text-loss">{formatCurrency(value)}</span>
      <Badge tone="loss">
        <span title={m.cash_negative_balance()}>{m.cash_negative()}</span>
      </Badge>
    </span>
  );
}
