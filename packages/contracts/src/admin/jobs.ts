import { z } from "zod";
import { JOB_QUEUES } from "./job-constants";

const count = z.number().int().min(0);

/** One queue's jobs per state; `failed` are those whose last try failed (kept with the error). */
export const jobCounts = z.object({
  queue: z.enum(JOB_QUEUES),
  waiting: count,
  active: count,
  /** Waiting for a retry's backoff (or a scheduled time) to pass. */
  delayed: count,
  completed: count,
  failed: count,
});
export type JobCounts = z.infer<typeof jobCounts>;

export const jobsOverview = z.object({
  /** "redis": BullMQ queues shared by the deployment; "process": this process's own. */
  mode: z.enum(["process", "redis"]),
  queues: z.array(jobCounts),
});
export type JobsOverview = z.infer<typeof jobsOverview>;

/** A job whose last try failed (a dead letter), as an admin sees it: never the job's own data. */
export const failedJob = z.object({
  /** The queue's own id: BullMQ's with Redis, this process's counter without. */
  id: z.string(),
  queue: z.enum(JOB_QUEUES),
  /** What the job was for, in words that name no secret (a mail's kind and recipient, not its body). */
  label: z.string(),
  error: z.string(),
  attempts: count,
  failedAt: z.iso.datetime({ offset: true }),
});
export type FailedJob = z.infer<typeof failedJob>;

export const failedJobsInput = z.object({ queue: z.enum(JOB_QUEUES) });
export const failedJobsPage = z.object({
  jobs: z.array(failedJob),
  /** All failed jobs the queue keeps; `jobs` holds the newest of them. */
  total: count,
});
export type FailedJobsPage = z.infer<typeof failedJobsPage>;

export const failedJobInput = z.object({
  queue: z.enum(JOB_QUEUES),
  id: z.string().trim().min(1, "Job id is required").max(100),
});
export type FailedJobInput = z.infer<typeof failedJobInput>;
