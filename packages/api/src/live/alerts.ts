import { dateOf } from "@ledgerline/clock";
import {
  alertMessages,
  marketMessages,
  MAX_ALERTS_PER_USER,
  NOTIFICATIONS_LIMIT,
  stockLookupFailedMessage,
  type Alert as AlertView,
  type CreateAlertInput,
  type MessageResult,
  type Notification,
} from "@ledgerline/contracts";
import type { Alert, NotificationRow } from "@ledgerline/db";
import { isMarketDataError } from "@ledgerline/market";
import { currentPrice } from "./alert-evaluator";
import { alertStateView } from "./alert-state-view";
import type { AnswerLanguage } from "../locale/answer-language";
import { textIn } from "../locale/catalog";
import { badRequest, notFound } from "../platform/errors";
import type { UserScope } from "../platform/scope";

function toAlertView(alert: Alert): AlertView {
  return {
    id: alert.id,
    symbol: alert.symbol,
    assetType: alert.assetType,
    condition: alert.condition,
    value: alert.value,
    ...(alert.note ? { note: alert.note } : {}),
    ...alertStateView(alert),
    ...(alert.triggeredPrice ? { triggeredPrice: alert.triggeredPrice } : {}),
  };
}

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    ...(row.readAt ? { readAt: row.readAt.toISOString() } : {}),
    ...(row.alertId !== null ? { alertId: row.alertId } : {}),
  };
}

/** The user's alerts, newest first. */
export async function listAlerts(scope: UserScope): Promise<AlertView[]> {
  return (await scope.deps.repos.alerts.list(scope.user.id)).map(toAlertView);
}

/**
 * Sets an alert on an asset the market knows (an unknown symbol is a 400, as the issue asks) and
 * checks it against the price just read, so a level already crossed fires at once instead of on
 * the next refresh.
 */
export async function createAlert(scope: UserScope, input: CreateAlertInput): Promise<AlertView> {
  const { repos, market, clock, alertEvaluator } = scope.deps;
  let quote: Awaited<ReturnType<typeof currentPrice>>;
  try {
    quote = await currentPrice(market, input.assetType, input.symbol);
  } catch (error) {
    if (
      isMarketDataError(error) &&
      (error.kind === "not_found" || error.kind === "invalid_symbol")
    ) {
      throw badRequest(
        input.assetType === "STOCK"
          ? stockLookupFailedMessage(input.symbol)
          : marketMessages.cryptocurrencyNotFound,
      );
    }
    throw error;
  }
  const created = await repos.alerts.create(
    scope.user.id,
    {
      symbol: input.symbol,
      assetType: input.assetType,
      condition: input.condition,
      value: input.value,
      note: input.note || null,
      repeat: input.repeat,
    },
    MAX_ALERTS_PER_USER,
    dateOf(clock),
  );
  if (!created.ok) throw badRequest(alertMessages.tooMany);
  alertEvaluator.changed(input.assetType, input.symbol);
  if (!quote.stale) {
    await alertEvaluator.onPrice(
      input.symbol,
      input.assetType,
      quote.price,
      quote.changePercent,
      dateOf(clock),
    );
  }
  return toAlertView((await repos.alerts.find(scope.user.id, created.alert.id)) ?? created.alert);
}

/** Another user's alert is as absent as one that never existed. */
export async function deleteAlert(scope: UserScope, id: number): Promise<MessageResult> {
  const removed = await scope.deps.repos.alerts.remove(scope.user.id, id);
  if (!removed) throw notFound(alertMessages.notFound);
  scope.deps.alertEvaluator.changed(removed.assetType, removed.symbol);
  return { message: "Alert deleted" };
}

/**
 * The bell's notifications (and so the toast of a new one), newest first, each in the reader's
 * language (decision 0070): a notification is stored in the English the alert fired in, and put
 * into the language as it is read, through the alert mail's `api_alert_*` messages (the note as
 * the user wrote it), so an account that changes its language reads the old ones in the new one.
 */
export async function listNotifications(
  scope: UserScope,
  language: AnswerLanguage,
): Promise<Notification[]> {
  const rows = await scope.deps.repos.notifications.list(scope.user.id, NOTIFICATIONS_LIMIT);
  return rows.map((row) => {
    const notification = toNotification(row);
    if (language === "en") return notification;
    return { ...notification, message: textIn(notification.message, language) };
  });
}

export async function markNotificationsRead(
  scope: UserScope,
  ids: readonly number[] | undefined,
): Promise<{ marked: number }> {
  const marked = await scope.deps.repos.notifications.markRead(
    scope.user.id,
    ids,
    dateOf(scope.deps.clock),
  );
  return { marked };
}
