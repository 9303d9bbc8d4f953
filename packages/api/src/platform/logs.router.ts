import { clientLogInput } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { storeClientLog } from "./client-logs";
import { publicProcedure } from "./trpc/trpc";

export const logsRouter = {
  /** Public: a failed login is worth logging too; limited per address. */
  create: publicProcedure
    .input(clientLogInput)
    .output(z.object({ stored: z.literal(true) }))
    .mutation(({ ctx, input }) => storeClientLog(ctx, ctx.user, input)),
} satisfies TRPCRouterRecord;
