import { localeSetting } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { userMutation, userProcedure } from "../platform/trpc/trpc";
import { localeSetting as currentSetting, setLocale } from "./locale";

export const localeRouter = {
  get: userProcedure.output(localeSetting).query(({ ctx }) => currentSetting(ctx)),

  set: userMutation
    .input(localeSetting)
    .output(localeSetting)
    .mutation(({ ctx, input }) => setLocale(ctx, input)),
} satisfies TRPCRouterRecord;
