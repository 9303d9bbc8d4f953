import { accountRouter } from "./routers/account";
import { auditRouter } from "./routers/audit";
import { authRouter } from "./routers/auth";
import { logsRouter } from "./routers/logs";
import { usersRouter } from "./routers/users";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  users: usersRouter,
  audit: auditRouter,
  logs: logsRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
