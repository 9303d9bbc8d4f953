import type { AssetKind, TransactionKind } from "@ledgerline/contracts";
import { Badge } from "../../../../components/ui/Badge";

/** The spec's STOCK / CRYPTO badge. */
export function AssetBadge({ type }: { type: AssetKind }) {
  return <Badge tone={type === "STOCK" ? "info" : "warn"}>{type}</Badge>;
}

/** The spec's BUY / SELL badge: the word says it, the colour only repeats it. A split is neither. */
export function SideBadge({ side }: { side: TransactionKind }) {
  const tone = side === "BUY" ? "gain" : side === "SELL" ? "loss" : "neutral";
  return <Badge tone={tone}>{side}</Badge>;
}
