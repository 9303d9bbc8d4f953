import { portfolioMessages } from "@ledgerline/contracts/browser";
import type { CryptoPosition } from "@ledgerline/contracts";
import { Wallet } from "lucide-react";
import { formatCurrency, formatQuantity } from "../../lib/format";

/**
 * The user's holding of one coin: 'Amount in Portfolio' and 'Total Value' (quantity x current
 * price, computed by the server), with what it cost; or 'Not currently in portfolio'.
 */
export function CryptoHolding({ position }: { position: CryptoPosition | undefined }) {
  if (!position) {
    return <p className="text-sm text-muted">{portfolioMessages.notInPortfolio}</p>;
  }
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-surface-muted px-3 py-2 text-sm">
      <div className="min-w-0">
        <dt className="flex items-center gap-1 text-muted">
          <Wallet aria-hidden="true" className="h-3.5 w-3.5" />
          Amount in Portfolio
        </dt>
        <dd className="num font-semibold break-all">
          {formatQuantity(position.quantity)} {position.symbol}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-muted">Total Value</dt>
        <dd className="num font-semibold">{formatCurrency(position.currentValue)}</dd>
        <dd className="num text-xs text-muted">cost {formatCurrency(position.costBasis)}</dd>
      </div>
    </dl>
  );
}
