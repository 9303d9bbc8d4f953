import {
  createRepositories,
  migrateDatabase,
  openDatabase,
  type AnyDatabase,
} from "@ledgerline/db";
import { SESSION_IDLE_TIMEOUT_MS } from "@ledgerline/contracts";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { MarketService } from "@ledgerline/market";
import type { Env } from "../env";
import { createMailer } from "../mail/mailer";
import { marketClockFromEnv, marketServiceFromEnv, watchedSymbols } from "../market/market-service";
import type { SharedState } from "../shared-state";
import type { Clock } from "../services/clock";
import type { AppDeps } from "../services/scope";
import { createIdempotency, type IdempotencyOptions } from "../services/idempotency";
import { createThrottles, type ThrottleLimits } from "../services/throttles";
import { sessionTokenIssuer } from "../services/session-token";
import { withSessionCache } from "../services/session-cache";

export interface DepsOptions {
  env: Env;
  clock: Clock;
  /** What this deployment's processes share (see shared-state/); closed with the app. */
  shared: SharedState;
  migrationsFolders: Record<AnyDatabase["dialect"], string>;
  throttleLimits?: Partial<ThrottleLimits>;
  /** A market service to use instead of the one the env describes (tests). */
  market?: MarketService;
  /** Keep watched symbols fresh from the server side. Default true. */
  marketRefresher?: boolean;
  idempotency?: Partial<IdempotencyOptions>;
}

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Opens and migrates the database and builds the long-lived services every request uses. */
export const depsPlugin = fp(
  async function deps(app: FastifyInstance, options: DepsOptions) {
    const database = openDatabase(options.env.DATABASE_URL);
    await migrateDatabase(database, options.migrationsFolders[database.dialect]);
    const repos = withSessionCache(createRepositories(database), options.clock);
    const mailer = createMailer({
      smtpUrl: options.env.SMTP_URL,
      from: options.env.MAIL_FROM,
      repos,
      clock: options.clock,
      logger: app.log,
    });
    const { shared } = options;
    const market =
      options.market ??
      marketServiceFromEnv(options.env, {
        repos,
        logger: app.log,
        clock: marketClockFromEnv(options.env),
        shared,
      });
    const idempotency = createIdempotency({
      repos,
      clock: options.clock,
      signals: shared.signals,
      options: options.idempotency,
    });
    app.decorate<AnyDatabase>("database", database);
    app.decorate("deps", {
      repos,
      clock: options.clock,
      mailer,
      throttles: createThrottles(shared, {
        registrationsPerIp: [options.env.REGISTRATIONS_PER_HOUR, 60 * 60],
        ...options.throttleLimits,
      }),
      logger: app.log,
      market,
      idempotency,
      issueSessionToken: sessionTokenIssuer(options.env.SESSION_SIGNING_KEY),
      config: {
        appOrigin: options.env.APP_ORIGIN,
        secrets: {
          enabled: options.env.SECRETS_ENDPOINTS_ENABLED,
          polygonApiKey: options.env.POLYGON_API_KEY,
          coinbaseApiKey: options.env.COINBASE_API_KEY,
          coinbaseApiSecret: options.env.COINBASE_API_SECRET,
        },
      },
    } satisfies AppDeps);

    // Client polling is answered from a cache this keeps warm: upstream calls grow with the
    // number of distinct symbols watched, not with the number of users.
    const refresher =
      options.marketRefresher === false
        ? undefined
        : market.createRefresher({
            watched: () => watchedSymbols(repos),
            onError: (error) => app.log.warn({ err: error }, "market refresh cycle failed"),
          });
    // One refresher per deployment: with several processes, the one holding the lease runs it.
    const refresherLeadership = shared.leadership("market-refresher");
    app.addHook("onReady", () => {
      if (!refresher) return;
      refresherLeadership.start({
        gained: () => refresher.start(),
        lost: () => void refresher.stop(),
      });
    });

    // Expired sessions, spent reset tokens and day-old idempotency keys are refused anyway; this only keeps the tables small.
    const cleanup = setInterval(() => {
      const now = options.clock.now();
      void repos.sessions.deleteExpired(now, SESSION_IDLE_TIMEOUT_MS);
      void repos.passwordResetTokens.deleteSpentOrExpired(now);
      void idempotency.purgeExpired();
    }, CLEANUP_INTERVAL_MS);
    cleanup.unref();

    app.addHook("onClose", async () => {
      await refresherLeadership.stop();
      await refresher?.stop();
      clearInterval(cleanup);
      mailer.close();
      await database.close();
      await shared.close();
    });
  },
  { name: "deps" },
);
