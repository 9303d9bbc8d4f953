import type { AssetKind, TradeSide } from "@ledgerline/contracts";
import { Badge } from "../../../../components/ui/Badge";

/** The spec's STOCK / CRYPTO badge. */
export function AssetBadge({ type }: { type: AssetKind }) {
  return <Badge tone={type === "STOCK" ? "info" : "warn"}>{type}</Badge>;
}

/** The spec's BUY / SELL badge: the word says it, the colour only repeats it. */
export function SideBadge({ side }: { side: TradeSide }) {
  return <Badge tone={side === "BUY" ? "gain" : "loss"}>{side}</Badge>;
}
