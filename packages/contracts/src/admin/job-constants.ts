/** Job queue names, limits and messages: no zod, so the browser may import them (see browser.ts). */

/** The kinds of background work, one queue each (issue 34). */
export const JOB_QUEUES = ["snapshots", "corporate-actions", "alerts", "mail", "import"] as const;
export type QueueName = (typeof JOB_QUEUES)[number];

/** Failed jobs an admin page shows at once, newest first. */
export const FAILED_JOBS_SHOWN = 50;

export const jobsMessages = {
  notFound: "No failed job with that id in that queue",
  retried: "Job queued again",
  removed: "Job removed",
  failedToLoad: "Failed to load the job queues",
  failedToChange: "The job could not be changed; try again",
  confirmRemove: "The job and its error are forgotten; it will not run again.",
} as const;
