import { accountRouter } from "./routers/account";
import { adminMarketRouter } from "./routers/admin-market";
import { auditRouter } from "./routers/audit";
import { authRouter } from "./routers/auth";
import { cryptoRouter } from "./routers/crypto";
import { logsRouter } from "./routers/logs";
import { marketRouter } from "./routers/market";
import { usersRouter } from "./routers/users";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  users: usersRouter,
  audit: auditRouter,
  logs: logsRouter,
  market: marketRouter,
  crypto: cryptoRouter,
  adminMarket: adminMarketRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
