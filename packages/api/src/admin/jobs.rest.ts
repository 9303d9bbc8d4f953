import { jobsOverview } from "@ledgerline/contracts";
import { restRoute } from "../platform/rest/route";

export const jobRoutes = [
  restRoute({
    method: "GET",
    url: "/admin/jobs",
    operationId: "listJobQueues",
    tag: "Administration",
    summary: "Count each background-job queue's jobs per state",
    description:
      "One entry per queue (snapshots, corporate-actions, alerts, mail). With REDIS_URL the counts are the deployment's BullMQ queues; without it, this process's own queues. `failed` counts jobs whose last try failed, kept with their error.",
    access: "admin",
    refusals: { 503: "The job queues (Redis) are out of reach" },
    response: jobsOverview,
    call: (caller) => caller.jobs.list(),
  }),
];
