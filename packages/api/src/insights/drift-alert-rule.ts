import {
  ALERT_REARM_MARGIN,
  type RebalanceDrift,
  type TargetDimension,
} from "@ledgerline/contracts";
import type { DriftAlert } from "@ledgerline/db";
import { compare, multiply, sign, subtract, type Decimal } from "@ledgerline/money";
import { formatNumber, formatShare } from "@ledgerline/money/format";

type DriftRule = Pick<DriftAlert, "points" | "state" | "repeat">;

const magnitude = (value: Decimal): Decimal => (sign(value) < 0 ? multiply(value, "-1") : value);
/** A ratio's difference in percentage points, either way: -0.125 off is 12.5 points. */
export const driftPoints = (difference: Decimal): Decimal => magnitude(multiply(difference, "100"));

/** The slice furthest from its target, or undefined for a mix with no slices. */
export function furthestDrift(drift: readonly RebalanceDrift[]): RebalanceDrift | undefined {
  let furthest: RebalanceDrift | undefined;
  for (const entry of drift) {
    if (!furthest || compare(magnitude(entry.difference), magnitude(furthest.difference)) > 0)
      furthest = entry;
  }
  return furthest;
}

/**
 * True when the furthest slice calls for a change of the alert (decision 0049): an armed one
 * fires when the slice is more than `points` off (the "more than N points"); a triggered
 * re-arming one arms again once every slice is back within `points` less ALERT_REARM_MARGIN of
 * them, as a price alert re-arms, so a weight hovering at the threshold fires once.
 */
export function driftAlertDue(alert: DriftRule, furthest: RebalanceDrift | undefined): boolean {
  const off = furthest ? driftPoints(furthest.difference) : "0";
  if (alert.state === "armed") return compare(off, alert.points) > 0;
  const rearmAt = subtract(alert.points, multiply(alert.points, ALERT_REARM_MARGIN));
  return alert.repeat === "rearm" && compare(off, rearmAt) <= 0;
}

const mixNames: Record<TargetDimension, string> = {
  assetClass: "asset-class",
  sector: "sector",
  symbol: "holdings",
};

/**
 * What the notification and the mail say: "Your sector mix has drifted: Information Technology
 * is at 62.50% against its 50.00% target, 12.5 points over, beyond your alert at 5 points".
 */
export function driftAlertMessage(
  alert: Pick<DriftAlert, "by" | "points">,
  furthest: RebalanceDrift,
): string {
  const share = (ratio: Decimal) => formatShare(multiply(ratio, "100"));
  const side = compare(furthest.difference, "0") > 0 ? "over" : "under";
  return `Your ${mixNames[alert.by]} mix has drifted: ${furthest.label} is at ${share(furthest.actual)} against its ${share(furthest.target)} target, ${formatNumber(driftPoints(furthest.difference))} points ${side}, beyond your alert at ${formatNumber(alert.points)} points`;
}
