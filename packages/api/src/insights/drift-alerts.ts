import { dateOf } from "@ledgerline/clock";
import {
  driftAlertMessages,
  targetMessages,
  type DriftAlert as DriftAlertView,
  type DriftAlertInput,
  type MessageResult,
  type TargetDimension,
} from "@ledgerline/contracts";
import type { DriftAlert, UserRow } from "@ledgerline/db";
import { ALERT_MAIL_GAP_MS } from "../live/alert-evaluator";
import { alertStateView } from "../live/alert-state-view";
import { badRequest, notFound } from "../platform/errors";
import { alertMail } from "../platform/mail/templates";
import type { AppDeps, UserScope } from "../platform/scope";
import { driftAlertDue, driftAlertMessage, driftPoints, furthestDrift } from "./drift-alert-rule";
import { rebalanceOf } from "./rebalance";

function toView(alert: DriftAlert): DriftAlertView {
  return {
    by: alert.by,
    points: alert.points,
    ...alertStateView(alert),
    ...(alert.triggeredDrift ? { triggeredDrift: alert.triggeredDrift } : {}),
  };
}

/** The user's drift alerts, one per dimension at most. */
export async function listDriftAlerts(scope: UserScope): Promise<DriftAlertView[]> {
  return (await scope.deps.repos.driftAlerts.list(scope.user.id)).map(toView);
}

/**
 * Sets (or replaces, armed afresh) the alert on the user's target mix for a dimension: a 400
 * when no targets are set for it, as the rebalancing answers. Checked at once against today's
 * mix, so a mix already beyond the threshold notifies now rather than after the next refresh.
 */
export async function setDriftAlert(
  scope: UserScope,
  input: DriftAlertInput,
): Promise<DriftAlertView> {
  const { repos, clock } = scope.deps;
  if ((await repos.portfolioTargets.get(scope.user.id, input.by)).length === 0) {
    throw badRequest(targetMessages.noTargets);
  }
  const alert = await repos.driftAlerts.put(scope.user.id, input.by, input, dateOf(clock));
  await checkDriftAlert(scope, alert);
  const [after] = (await repos.driftAlerts.list(scope.user.id)).filter((a) => a.by === input.by);
  return toView(after ?? alert);
}

export async function deleteDriftAlert(
  scope: UserScope,
  by: TargetDimension,
): Promise<MessageResult> {
  if (!(await scope.deps.repos.driftAlerts.remove(scope.user.id, by))) {
    throw notFound(driftAlertMessages.notFound);
  }
  return { message: "Drift alert deleted" };
}

/**
 * Checks one alert against its owner's mix today (all accounts, the rebalancing's drift): fires
 * an armed one past its threshold, with a notification and at most one mail an hour, or re-arms
 * a triggered re-arming one back within it. Targets cleared since: nothing to check.
 */
async function checkDriftAlert(scope: UserScope, alert: DriftAlert): Promise<void> {
  const { repos, mailer, clock, config } = scope.deps;
  if ((await repos.portfolioTargets.get(scope.user.id, alert.by)).length === 0) return;
  const { drift } = await rebalanceOf(scope, { by: alert.by, fractional: false });
  const furthest = furthestDrift(drift);
  if (!driftAlertDue(alert, furthest)) return;
  if (alert.state === "triggered") {
    await repos.driftAlerts.rearm(alert.id);
    return;
  }
  if (!furthest) return;
  const at = dateOf(clock);
  const message = driftAlertMessage(alert, furthest);
  const fired = await repos.driftAlerts.trigger(
    alert.id,
    driftPoints(furthest.difference),
    at,
    message,
  );
  if (!fired || !(await repos.driftAlerts.claimMail(alert.id, at, ALERT_MAIL_GAP_MS))) return;
  await mailer.send(alertMail(scope.user, message, config.appOrigin, "drift"));
}

/**
 * Checks every drift alert that can still fire or re-arm, whoever is online: the market
 * refresher calls it after each cycle, with the prices it just refreshed (decision 0049). One
 * user's failure (a market error) is logged and the others are still checked.
 */
export async function checkDriftAlerts(deps: AppDeps): Promise<void> {
  const users = new Map<number, UserRow | undefined>();
  for (const alert of await deps.repos.driftAlerts.watchable()) {
    try {
      if (!users.has(alert.userId))
        users.set(alert.userId, await deps.repos.users.findById(alert.userId));
      const user = users.get(alert.userId);
      if (user) await checkDriftAlert({ deps, user, ip: null, userAgent: null }, alert);
    } catch (error) {
      deps.logger.warn({ err: error, driftAlert: alert.id }, "drift alert check failed");
    }
  }
}
