import { m } from "@ledgerline/messages";
import { splitChangeText } from "../../../../lib/split-words";
import type { AssetKind, TransactionKind, TransactionView } from "@ledgerline/contracts";
import { Badge } from "../../../../components/ui/Badge";

/** The spec's STOCK / CRYPTO badge. */
export function AssetBadge({ type }: { type: AssetKind }) {
  return (
    <Badge tone={type === "STOCK" ? "info" : "warn"}>
      {type === "STOCK" ? m.history_kind_stock() : m.history_kind_crypto()}
    </Badge>
  );
}

/**
 * The spec's BUY / SELL badge: the word says it, the colour only repeats it. A split or a
 * transfer between accounts (TRANSFER IN / OUT) is neither.
 */
const sideText: Record<TransactionKind, () => string> = {
  BUY: m.history_side_buy,
  SELL: m.history_side_sell,
  SPLIT: m.history_side_split,
  TRANSFER_IN: m.history_side_transfer_in,
  TRANSFER_OUT: m.history_side_transfer_out,
};

export function SideBadge({ side }: { side: TransactionKind }) {
  const tone = side === "BUY" ? "gain" : side === "SELL" ? "loss" : "neutral";
  return <Badge tone={tone}>{sideText[side]()}</Badge>;
}

/** A split is not a trade: it moves shares, never cash. */
export const isSplit = (row: TransactionView) => row.transactionType === "SPLIT";

/**
 * What a split did: the API's notes ("4-for-1 split, +60 shares", the same in the CSV export and
 * the REST answer) in the reader's words.
 */
export const splitText = (row: TransactionView) =>
  row.notes ? splitChangeText(row.notes) : m.history_split();

/** A split's price and total: none, said as such to a screen reader. */
export function NoCash() {
  return (
    <span className="text-muted">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{m.history_no_cash()}</span>
    </span>
  );
}
