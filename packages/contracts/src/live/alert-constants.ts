import { mustBeGreaterThanZero } from "../shared/amount-messages";

/** Price alert limits, lists and messages: no zod, so the browser may import them (see browser.ts). */

/** A user may keep this many alerts; one more is a 400. */
export const MAX_ALERTS_PER_USER = 200;
/** A 'move' alert's percent may not exceed this (a daily move of 1000% is already absurd). */
export const MAX_ALERT_MOVE_PERCENT = "1000";
export const ALERT_NOTE_MAX_LENGTH = 200;
/** The bell lists at most this many notifications, newest first. */
export const NOTIFICATIONS_LIMIT = 50;
/**
 * A re-arming alert arms again once the price (or, for 'move', the size of the day's move) has
 * come back by this share of the alert's value: an 'above 100' alert re-arms at 99 or less, a
 * 'below 100' alert at 101 or more, a 'move 5%' alert once the move is within ±4.95%. Without the
 * margin a price hovering at the level would fire on every tick.
 */
export const ALERT_REARM_MARGIN = "0.01";

export const alertAssetTypes = ["STOCK", "CRYPTO"] as const;
export const alertConditions = ["above", "below", "move"] as const;
export const alertRepeats = ["once", "rearm"] as const;

export const alertMessages = {
  notPositive: mustBeGreaterThanZero("Value"),
  percentTooLarge: `A move alert's percent must be at most ${MAX_ALERT_MOVE_PERCENT}`,
  tooMany: `You can keep at most ${MAX_ALERTS_PER_USER} alerts; delete one first`,
  notFound: "Alert not found",
} as const;

/**
 * A drift alert's threshold (issue 33): percentage points a target-mix weight may be off before
 * it notifies, above 0 and at most 100, to two decimals (0.25 points is a quarter of a percent).
 */
export const MAX_DRIFT_ALERT_POINTS = "100";
export const DRIFT_ALERT_POINTS_DECIMALS = 2;

export const driftAlertMessages = {
  notPositive: mustBeGreaterThanZero("Points"),
  tooLarge: `A drift alert's points must be at most ${MAX_DRIFT_ALERT_POINTS}`,
  notFound: "No drift alert is set for this target mix",
} as const;
