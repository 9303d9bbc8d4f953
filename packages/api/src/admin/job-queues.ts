import {
  FAILED_JOBS_SHOWN,
  jobsMessages,
  type FailedJob,
  type FailedJobInput,
  type FailedJobsPage,
  type JobsOverview,
  type MessageResult,
  type QueueName,
} from "@ledgerline/contracts";
import { TRPCError } from "@trpc/server";
import { notFound } from "../platform/errors";
import type { KeptFailure } from "../platform/jobs/jobs";
import type { UserScope } from "../platform/scope";
import { recordAudit } from "./audit";

/** A job's field as text: what a label names is a string or a number, anything else reads "?". */
function field(data: unknown, name: string): string {
  const value = (data as Record<string, unknown> | null)?.[name];
  return typeof value === "string" || typeof value === "number" ? String(value) : "?";
}

/**
 * What a failed job was for, in words an admin can act on. A job's data is never shown whole:
 * a mail's body holds a password-reset link.
 */
export function jobLabel(queue: QueueName, data: unknown): string {
  switch (queue) {
    case "snapshots":
      return `Rebuild the value history of user #${field(data, "userId")}`;
    case "corporate-actions":
      return "Apply splits and dividends to every holder";
    case "alerts":
      return field(data, "check") === "drift"
        ? "Check drift alerts"
        : `Check ${field(data, "check").toLowerCase()} price alerts`;
    case "mail":
      return `Mail "${field(data, "subject")}" to ${field(data, "to")}`;
    case "import":
      return `Import #${field(data, "importId")}`;
    default:
      return `${queue as string} job`;
  }
}

const view = (failure: KeptFailure): FailedJob => ({
  id: failure.id,
  queue: failure.queue,
  label: jobLabel(failure.queue, failure.data),
  error: failure.error,
  attempts: failure.attempts,
  failedAt: failure.failedAt.toISOString(),
});

/** The answer while Redis is out of reach (a catalog message, decision 0070). */
export const jobQueuesUnreachable = "The job queues (Redis) are out of reach; try again shortly";

/** Redis out of reach: the failed jobs live there, and there is nothing to answer but that. */
async function fromQueues<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new TRPCError({
      code: "SERVICE_UNAVAILABLE",
      message: jobQueuesUnreachable,
      cause: error,
    });
  }
}

export async function readQueueCounts(scope: UserScope): Promise<JobsOverview> {
  const { jobs } = scope.deps;
  return { mode: jobs.kind, queues: await fromQueues(() => jobs.counts()) };
}

export async function listFailedJobs(scope: UserScope, queue: QueueName): Promise<FailedJobsPage> {
  const { jobs, total } = await fromQueues(() => scope.deps.jobs.failed(queue, FAILED_JOBS_SHOWN));
  return { jobs: jobs.map(view), total };
}

/** Retries or removes one failed job; audited, since either changes what the deployment does. */
export async function actOnFailedJob(
  scope: UserScope,
  { queue, id }: FailedJobInput,
  action: "retry" | "remove",
): Promise<MessageResult> {
  const done = await fromQueues(() => scope.deps.jobs[action](queue, id));
  if (!done) throw notFound(jobsMessages.notFound);
  await recordAudit(scope, {
    event: action === "retry" ? "JOB_RETRY" : "JOB_REMOVE",
    success: true,
    email: scope.user.email,
    userId: scope.user.id,
    details: `${queue} job ${id}`,
  });
  return { message: action === "retry" ? jobsMessages.retried : jobsMessages.removed };
}
