import { driftAlert, driftAlertBody, driftAlertPath, messageResult } from "@ledgerline/contracts";
import { z } from "zod";
import { restRoute } from "../platform/rest/route";

const HOW =
  "An alert fires once any weight of the target mix (the rebalancing's `drift`, over every account) is more than `points` percentage points from its target: a notification in the bell and at most one mail an hour. It is checked when set and after each market refresh. `repeat: 'once'` fires one time; `repeat: 'rearm'` arms again once every weight is back within the points less 1% of them.";

/** Drift alerts on the user's target mixes, one per dimension (issue 33). */
export const driftAlertRoutes = [
  restRoute({
    method: "GET",
    url: "/drift-alerts",
    operationId: "listDriftAlerts",
    tag: "Alerts",
    summary: "The signed-in user's drift alerts on their target mixes, with their state",
    description: HOW,
    access: "user",
    response: z.array(driftAlert),
    call: (caller) => caller.driftAlerts.list(),
  }),
  restRoute({
    method: "PUT",
    url: "/drift-alerts/:by",
    operationId: "setDriftAlert",
    tag: "Alerts",
    summary:
      "Notify when any weight of the target mix by `by` (assetClass, sector or symbol) is more than `points` percentage points off; replaces the dimension's alert, armed afresh. 400 when no targets are set for the dimension, or points not above 0, over 100 or with more than 2 decimals",
    description: HOW,
    access: "user",
    params: driftAlertPath,
    body: driftAlertBody,
    response: driftAlert,
    call: (caller, { params, body }) => caller.driftAlerts.set({ ...params, ...body }),
  }),
  restRoute({
    method: "DELETE",
    url: "/drift-alerts/:by",
    operationId: "deleteDriftAlert",
    tag: "Alerts",
    summary: "Delete the drift alert on a target mix; 404 when none is set",
    access: "user",
    refusals: { 404: "No drift alert is set for this dimension" },
    params: driftAlertPath,
    response: messageResult,
    call: (caller, { params }) => caller.driftAlerts.delete(params),
  }),
];
