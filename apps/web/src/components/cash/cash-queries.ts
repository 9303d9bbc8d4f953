import { trpc } from "../../lib/trpc";

/** One account's cash activity, newest first. */
export const cashQuery = (accountId: number) => trpc.cash.list.queryOptions({ accountId });
