import { compare } from "@ledgerline/money";
import { z } from "zod";
import {
  alertRepeats,
  DRIFT_ALERT_POINTS_DECIMALS,
  driftAlertMessages,
  MAX_DRIFT_ALERT_POINTS,
} from "../live/alert-constants";
import { alertStateShape } from "../live/alerts";
import { decimalInput } from "../shared/decimal-input";
import { decimalString } from "../market/market";
import { targetDimensions } from "./target-constants";

/** Whose target mix a drift alert watches: `PUT|DELETE /api/drift-alerts/:by`. */
export const driftAlertPath = z.object({ by: z.enum(targetDimensions) });

/** `PUT /api/drift-alerts/:by`'s body: notify when a weight is more than `points` off. */
export const driftAlertBody = z.object({
  points: decimalInput("Points", {
    positiveMessage: driftAlertMessages.notPositive,
    places: DRIFT_ALERT_POINTS_DECIMALS,
  }).refine((points) => compare(points, MAX_DRIFT_ALERT_POINTS) <= 0, driftAlertMessages.tooLarge),
  repeat: z.enum(alertRepeats).default("once"),
});

export const driftAlertInput = driftAlertPath.extend(driftAlertBody.shape);
export type DriftAlertInput = z.output<typeof driftAlertInput>;

export const driftAlert = z.object({
  by: z.enum(targetDimensions),
  /** Percentage points: 5 fires once any weight is more than 5 points from its target. */
  points: decimalString,
  ...alertStateShape,
  /** How many points off the furthest weight was when it fired. */
  triggeredDrift: decimalString.optional(),
});
export type DriftAlert = z.infer<typeof driftAlert>;
