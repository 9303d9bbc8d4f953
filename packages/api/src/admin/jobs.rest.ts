import * as contracts from "@ledgerline/contracts";
import { restRoute } from "../platform/rest/route";

const unreachable = { 503: "The job queues (Redis) are out of reach" } as const;

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
    refusals: unreachable,
    response: contracts.jobsOverview,
    call: (caller) => caller.jobs.list(),
  }),
  restRoute({
    method: "GET",
    url: "/admin/jobs/:queue/failed",
    operationId: "listFailedJobs",
    tag: "Administration",
    summary: "List a queue's failed jobs, newest first, with their errors",
    description:
      "The newest 50 jobs whose last try failed, and how many the queue keeps. A job is described in words (`label`); its data is never shown, since a mail's body holds a password-reset link.",
    access: "admin",
    refusals: unreachable,
    params: contracts.failedJobsInput,
    response: contracts.failedJobsPage,
    call: (caller, { params }) => caller.jobs.failed(params),
  }),
  restRoute({
    method: "POST",
    url: "/admin/jobs/:queue/failed/:id/retry",
    operationId: "retryFailedJob",
    tag: "Administration",
    summary: "Queue a failed job again from its first try",
    access: "admin",
    refusals: { ...unreachable, 404: "No failed job with that id in that queue" },
    params: contracts.failedJobInput,
    response: contracts.messageResult,
    call: (caller, { params }) => caller.jobs.retry(params),
  }),
  restRoute({
    method: "DELETE",
    url: "/admin/jobs/:queue/failed/:id",
    operationId: "removeFailedJob",
    tag: "Administration",
    summary: "Forget a failed job",
    access: "admin",
    refusals: { ...unreachable, 404: "No failed job with that id in that queue" },
    params: contracts.failedJobInput,
    response: contracts.messageResult,
    call: (caller, { params }) => caller.jobs.remove(params),
  }),
];
