import {
  failedJobInput,
  failedJobsInput,
  failedJobsPage,
  jobsOverview,
  messageResult,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { adminMutation, adminProcedure } from "../platform/trpc/trpc";
import { actOnFailedJob, listFailedJobs, readQueueCounts } from "./job-queues";

export const jobsRouter = {
  /** Each queue's jobs per state: the deployment's with Redis, this process's without. */
  list: adminProcedure.output(jobsOverview).query(({ ctx }) => readQueueCounts(ctx)),

  /** A queue's failed jobs (dead letters), newest first, with their errors. */
  failed: adminProcedure
    .input(failedJobsInput)
    .output(failedJobsPage)
    .query(({ ctx, input }) => listFailedJobs(ctx, input.queue)),

  retry: adminMutation
    .input(failedJobInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => actOnFailedJob(ctx, input, "retry")),

  remove: adminMutation
    .input(failedJobInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => actOnFailedJob(ctx, input, "remove")),
} satisfies TRPCRouterRecord;
