import { jobsOverview } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { TRPCError } from "@trpc/server";
import { adminProcedure } from "../platform/trpc/trpc";

export const jobsRouter = {
  /** Each queue's jobs per state: the deployment's with Redis, this process's without. */
  list: adminProcedure.output(jobsOverview).query(async ({ ctx }) => {
    const { jobs } = ctx.deps;
    try {
      return { mode: jobs.kind, queues: await jobs.counts() };
    } catch (error) {
      // Redis out of reach: the counts live there, and there is nothing to answer but that.
      throw new TRPCError({
        code: "SERVICE_UNAVAILABLE",
        message: "The job queues (Redis) are out of reach; try again shortly",
        cause: error,
      });
    }
  }),
} satisfies TRPCRouterRecord;
