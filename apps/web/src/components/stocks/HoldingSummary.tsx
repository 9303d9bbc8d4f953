import { portfolioMessages } from "@ledgerline/contracts/browser";
import type { PositionView } from "@ledgerline/contracts";
import { multiply } from "@ledgerline/money";
import { Briefcase } from "lucide-react";
import { formatCurrency, formatQuantity } from "../../lib/format";

/**
 * The user's holding of one stock: shares and Total Value, which the spec defines as quantity x
 * average purchase price (computed exactly), or 'Not currently in portfolio'.
 */
export function HoldingSummary({ position }: { position: PositionView | undefined }) {
  if (!position) {
    return <p className="text-sm text-muted">{portfolioMessages.notInPortfolio}</p>;
  }
  const shares = formatQuantity(position.quantity);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-surface-muted px-3 py-2 text-sm">
      <div>
        <dt className="flex items-center gap-1 text-muted">
          <Briefcase aria-hidden="true" className="h-3.5 w-3.5" />
          Number in Portfolio
        </dt>
        <dd className="num font-semibold">
          {shares} {position.quantity === "1" ? "share" : "shares"}
        </dd>
      </div>
      <div>
        <dt className="text-muted">Total Value</dt>
        <dd className="num font-semibold">
          {formatCurrency(multiply(position.quantity, position.averagePurchasePrice))}
        </dd>
        <dd className="num text-xs text-muted">
          at {formatCurrency(position.averagePurchasePrice)} average
        </dd>
      </div>
    </dl>
  );
}
