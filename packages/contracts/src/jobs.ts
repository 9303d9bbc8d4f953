import { z } from "zod";

/** The kinds of background work, one queue each (issue 34). */
export const JOB_QUEUES = ["snapshots", "corporate-actions", "alerts", "mail"] as const;
export type QueueName = (typeof JOB_QUEUES)[number];

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
