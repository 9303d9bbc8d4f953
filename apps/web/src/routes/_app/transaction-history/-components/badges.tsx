import type { AssetKind, TransactionKind, TransactionView } from "@ledgerline/contracts";
import { Badge } from "../../../../components/ui/Badge";

/** The spec's STOCK / CRYPTO badge. */
export function AssetBadge({ type }: { type: AssetKind }) {
  return <Badge tone={type === "STOCK" ? "info" : "warn"}>{type}</Badge>;
}

/**
 * The spec's BUY / SELL badge: the word says it, the colour only repeats it. A split or a
 * transfer between accounts (TRANSFER IN / OUT) is neither.
 */
export function SideBadge({ side }: { side: TransactionKind }) {
  const tone = side === "BUY" ? "gain" : side === "SELL" ? "loss" : "neutral";
  return <Badge tone={tone}>{side.replace("_", " ")}</Badge>;
}

/** A split is not a trade: it moves shares, never cash. */
export const isSplit = (row: TransactionView) => row.transactionType === "SPLIT";

/**
 * What a split did, in the words the API wrote in its notes with the one formatting module
 * ("4-for-1 split, +60 shares"), the same in the history, the CSV export and the REST answer.
 */
export const splitText = (row: TransactionView) => row.notes ?? "Split";

/** A split's price and total: none, said as such to a screen reader. */
export function NoCash() {
  return (
    <span className="text-muted">
      <span aria-hidden="true">—</span>
      <span className="sr-only">None: a split moves no cash</span>
    </span>
  );
}
