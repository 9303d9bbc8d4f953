import {
  alert,
  alertIdInput,
  createAlertInput,
  markNotificationsReadInput,
  markNotificationsReadResult,
  messageResult,
  notification,
} from "@ledgerline/contracts";
import { z } from "zod";
import { marketRefusals, restRoute } from "../platform/rest/route";

export const alertRoutes = [
  restRoute({
    method: "GET",
    url: "/alerts",
    operationId: "listAlerts",
    tag: "Alerts",
    summary:
      "The signed-in user's price alerts, newest first, with their state: armed, or triggered (at what price and when)",
    access: "user",
    response: z.array(alert),
    call: (caller) => caller.alerts.list(),
  }),
  restRoute({
    method: "POST",
    url: "/alerts",
    operationId: "createAlert",
    tag: "Alerts",
    summary:
      "Set a price alert: above or below a price, or a daily move beyond ±value percent. `value` is an exact decimal (text or number). 400 for an unknown symbol, a value not above 0, a move percent over 1000, or a user already holding 200 alerts. A level already crossed fires at once",
    description:
      "`repeat: 'once'` fires one time. `repeat: 'rearm'` arms again once the price (or the size of the day's move) has come back past the level by 1% of the value, so a price hovering at the level fires once. A triggered alert adds a notification and sends at most one mail per alert per hour.",
    access: "user",
    refusals: marketRefusals,
    body: createAlertInput,
    response: alert,
    call: (caller, { body }) => caller.alerts.create(body),
  }),
  restRoute({
    method: "DELETE",
    url: "/alerts/:id",
    operationId: "deleteAlert",
    tag: "Alerts",
    summary: "Delete one of the user's alerts; 404 'Alert not found' for any other id",
    access: "user",
    refusals: { 404: "No alert of the user has this id" },
    params: alertIdInput,
    response: messageResult,
    call: (caller, { params }) => caller.alerts.delete({ id: params.id }),
  }),
  restRoute({
    method: "GET",
    url: "/notifications",
    operationId: "listNotifications",
    tag: "Alerts",
    summary:
      "The signed-in user's latest 50 notifications, newest first; unread ones have no readAt",
    access: "user",
    response: z.array(notification),
    call: (caller) => caller.notifications.list(),
  }),
  restRoute({
    method: "POST",
    url: "/notifications/read",
    operationId: "markNotificationsRead",
    tag: "Alerts",
    summary:
      "Mark the given notifications read, or with no ids every unread one; answers how many were marked",
    access: "user",
    body: markNotificationsReadInput,
    response: markNotificationsReadResult,
    call: (caller, { body }) => caller.notifications.markRead(body),
  }),
];
