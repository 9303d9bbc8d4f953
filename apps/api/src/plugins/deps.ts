import { migrateDatabase, openDatabase, type AnyDatabase } from "@ledgerline/db";
import {
  LIVE_HEARTBEAT_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SSO_CALLBACK_PATH,
} from "@ledgerline/contracts";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Clock as MarketClock, MarketService } from "@ledgerline/market";
import type { Env } from "../env";

declare module "fastify" {
  interface FastifyInstance {
    /** Decorated by this plugin. */
    deps: AppDeps;
    database: AnyDatabase;
  }
}

import { createMailer } from "@ledgerline/api/platform/mail/mailer";
import { marketServiceFromEnv, watchedSymbols } from "../market/market-service";
import { createPriceTicks } from "@ledgerline/api/live/price-ticks";
import {
  SharedStateUnavailable,
  type SharedState,
} from "@ledgerline/api/platform/shared-state/index";
import { type Clock, dateOf } from "@ledgerline/clock";
import type { AppDeps } from "@ledgerline/api/platform/scope";
import { createAlertEvaluator } from "@ledgerline/api/live/alert-evaluator";
import { watchAlertTicks } from "@ledgerline/api/live/alert-ticks";
import { LiveSymbolClaims } from "@ledgerline/api/live/live-symbols";
import { QuoteStreams } from "@ledgerline/api/live/quote-streams";
import { createIdempotency, type IdempotencyOptions } from "@ledgerline/api/trading/idempotency";
import { createThrottles, type ThrottleLimits } from "@ledgerline/api/auth/throttles";
import { sessionTokenIssuer } from "@ledgerline/api/auth/session-token";
import { createAnswerCache } from "@ledgerline/api/platform/answer-cache";
import { appRepositories } from "@ledgerline/api/platform/app-repositories";
import { createBackgroundWork } from "@ledgerline/api/platform/background-work";
import { createJobs } from "@ledgerline/api/platform/jobs/index";
import { handleJobs, resumeLostJobs } from "@ledgerline/api/platform/jobs/handlers";
import { ImportProgress } from "@ledgerline/api/import/import-progress";
import type { HandledQueue, QueuePolicy } from "@ledgerline/api/platform/jobs/jobs";
import { oidcClient, type OidcClient } from "@ledgerline/api/sso/oidc-client";

export interface DepsOptions {
  env: Env;
  clock: Clock;
  /** The market's time (MARKET_TIME or the system's), the one the shared state was given. */
  marketClock: MarketClock;
  /** What this deployment's processes share (see shared-state/); closed with the app. */
  shared: SharedState;
  migrationsFolders: Record<AnyDatabase["dialect"], string>;
  throttleLimits?: Partial<ThrottleLimits>;
  /** A market service to use instead of the one the env describes (tests). */
  market?: MarketService;
  /** Keep watched symbols fresh from the server side. Default true. */
  marketRefresher?: boolean;
  /** Check the alerts on every live tick of their symbols. Default true. */
  alertTicks?: boolean;
  idempotency?: Partial<IdempotencyOptions>;
  /** Queue policies instead of the defaults (tests: short backoffs). */
  jobPolicies?: Partial<Record<HandledQueue, Partial<QueuePolicy>>>;
  /** With Redis: how soon a dead worker's job goes to another (30 s by default); tests only. */
  jobsLockMs?: number;
}

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
const CORPORATE_ACTIONS_INTERVAL_MS = 60 * 60 * 1000;

/** Opens and migrates the database and builds the long-lived services every request uses. */
export const depsPlugin = fp(
  async function deps(app: FastifyInstance, options: DepsOptions) {
    const database = await openDatabase(options.env.DATABASE_URL);
    await migrateDatabase(database, options.migrationsFolders[database.dialect]);
    const deps = await buildDeps(app, database, options);
    app.decorate<AnyDatabase>("database", database);
    app.decorate("deps", deps);

    const stopMarketJobs = runMarketJobs(app, options);
    const stopAlertTicks = runAlertTicks(app, options);
    const stopCleanup = runCleanup(deps, options.clock);
    handleJobs(deps);
    // An API-only process queues jobs for the workers and runs none itself.
    if (options.env.LEDGERLINE_ROLE !== "api")
      app.addHook("onReady", async () => {
        deps.jobs.startWorking();
        // A database that cannot be read now leaves them to the next start: the server still
        // starts, and its health says why.
        const resumed = await resumeLostJobs(deps).catch((error: unknown) => {
          app.log.warn({ err: error }, "imports left unfinished not queued again");
          return 0;
        });
        if (resumed > 0) app.log.info({ resumed }, "imports left unfinished queued again");
      });

    app.addHook("onClose", async () => {
      // Before the database closes: a running job ends first, and no worker takes another.
      await deps.jobs.close();
      await stopMarketJobs();
      await stopAlertTicks();
      deps.quoteStreams.closeAll();
      deps.priceTicks.close();
      stopCleanup();
      deps.mailer.close();
      await database.close();
      await options.shared.close();
    });
  },
  { name: "deps" },
);

/** The services every request uses, built once per process. */
async function buildDeps(
  app: FastifyInstance,
  database: AnyDatabase,
  options: DepsOptions,
): Promise<AppDeps> {
  const { shared, env, clock } = options;
  const repos = appRepositories(database, clock, shared.versions);
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    repos,
    clock,
    logger: app.log,
  });
  const market =
    options.market ??
    marketServiceFromEnv(env, { repos, logger: app.log, clock: options.marketClock, shared });
  const priceTicks = createPriceTicks(shared, market.ticks, (error) =>
    app.log.error({ err: error }, "live price tick failed"),
  );
  const background = createBackgroundWork();
  return {
    repos,
    clock,
    mailer,
    background,
    jobs: await createJobs({
      redisUrl: env.REDIS_URL,
      redisKeyPrefix: env.REDIS_KEY_PREFIX,
      background,
      logger: app.log,
      policies: options.jobPolicies,
      lockMs: options.jobsLockMs,
    }),
    throttles: createThrottles(shared, {
      registrationsPerIp: [env.REGISTRATIONS_PER_HOUR, 60 * 60],
      apiKeyRequests: [env.API_KEY_REQUESTS_PER_MINUTE, 60],
      ...options.throttleLimits,
    }),
    logger: app.log,
    market,
    priceTicks,
    quoteStreams: new QuoteStreams(priceTicks, LIVE_HEARTBEAT_MS),
    liveSymbols: new LiveSymbolClaims(),
    importProgress: new ImportProgress(shared.signals),
    idempotency: createIdempotency({
      repos,
      clock,
      signals: shared.signals,
      options: options.idempotency,
    }),
    alertEvaluator: createAlertEvaluator({
      repos,
      market,
      mailer,
      clock,
      logger: app.log,
      signals: shared.signals,
      appOrigin: env.APP_ORIGIN,
    }),
    issueSessionToken: sessionTokenIssuer(env.SESSION_SIGNING_KEY),
    oneTimeValues: shared.oneTimeValues,
    answers: createAnswerCache({
      versions: shared.versions,
      market,
      clock,
      onError: (error) => {
        // Redis out of reach: the read is answered uncached, and the outage logged once.
        if (!(error instanceof SharedStateUnavailable))
          app.log.warn({ err: error }, "answer cache versions unreadable");
      },
    }),
    config: configOf(env),
    sso: ssoClientOf(env),
  };
}

/** The OpenID Connect provider single sign-on goes through, when OIDC_ISSUER sets one up. */
function ssoClientOf(env: DepsOptions["env"]): OidcClient | undefined {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return undefined;
  return oidcClient({
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    name: env.OIDC_NAME,
    redirectUri: `${env.APP_ORIGIN}${SSO_CALLBACK_PATH}`,
  });
}

/** What the procedures read of the environment. */
function configOf(env: DepsOptions["env"]): AppDeps["config"] {
  return {
    appOrigin: env.APP_ORIGIN,
    adminMfaRequired: env.ADMIN_MFA_REQUIRED,
    passkeys: {
      rpId: env.PASSKEY_RP_ID ?? new URL(env.APP_ORIGIN).hostname,
      rpName: "Ledgerline",
      origins: env.PASSKEY_ORIGINS ?? [env.APP_ORIGIN],
    },
    riskFreeRate: env.RISK_FREE_RATE,
    testRecomputeDelayMs: env.TEST_RECOMPUTE_DELAY_MS,
    testImportBatchDelayMs: env.TEST_IMPORT_BATCH_DELAY_MS,
    secrets: {
      enabled: env.SECRETS_ENDPOINTS_ENABLED,
      polygonApiKey: env.POLYGON_API_KEY,
      coinbaseApiKey: env.COINBASE_API_KEY,
      coinbaseApiSecret: env.COINBASE_API_SECRET,
    },
  };
}

/**
 * Client polling is answered from a cache the refresher keeps warm: upstream calls grow with the
 * number of distinct symbols watched, not with the number of users. One refresher per
 * deployment: with several processes, the one holding the lease runs it. A job schedule applies
 * splits and paid dividends to every holder, hourly, so income arrives on its pay date for users
 * who do not look (reads and trades apply them too). Returns how to stop the refresher.
 */
function runMarketJobs(app: FastifyInstance, options: DepsOptions) {
  const { repos, market, jobs } = app.deps;
  const refresher =
    options.marketRefresher === false
      ? undefined
      : market.createRefresher({
          watched: () => watchedSymbols(repos),
          onError: (error) => app.log.warn({ err: error }, "market refresh cycle failed"),
          // Alerts are checked after each cycle against the prices it just refreshed, as jobs:
          // one check of a kind at a time, and a cycle ending while one waits adds none.
          onCycle: ({ kind }) => {
            const check = kind === "stocks" ? "STOCK" : "CRYPTO";
            jobs.enqueue("alerts", { check }, { dedupKey: check });
            jobs.enqueue("alerts", { check: "drift" }, { dedupKey: "drift" });
          },
        });
  const leadership = options.shared.leadership("market-refresher");
  app.addHook("onReady", async () => {
    if (!refresher) return;
    leadership.start({ gained: () => refresher.start(), lost: () => void refresher.stop() });
    // A schedule of the job queue, not a timer of the leader: with Redis it outlives every
    // process, and the sync takes a worker's CPU, not this process's.
    await jobs.schedule("corporate-actions", "hourly", CORPORATE_ACTIONS_INTERVAL_MS, {
      reason: "hourly",
    });
  });
  return async () => {
    await leadership.stop();
    await refresher?.stop();
  };
}

/**
 * Alerts are checked on every live tick too, by one process per deployment; while Redis is out
 * of reach by every process (firing is a conditional update: an alert fires once).
 */
function runAlertTicks(app: FastifyInstance, options: DepsOptions) {
  const { repos, priceTicks, alertEvaluator } = app.deps;
  const leadership = options.shared.leadership("alert-ticks", { whileRedisDown: "lead" });
  let stopAlertTicks: (() => void) | undefined;
  app.addHook("onReady", () => {
    if (options.alertTicks === false) return;
    leadership.start({
      gained: () => {
        stopAlertTicks = watchAlertTicks({
          repos,
          priceTicks,
          evaluator: alertEvaluator,
          signals: options.shared.signals,
          clock: options.clock,
          logger: app.log,
        });
      },
      lost: () => {
        stopAlertTicks?.();
        stopAlertTicks = undefined;
      },
    });
  });
  return async () => {
    await leadership.stop();
    stopAlertTicks?.();
  };
}

/**
 * Expired sessions, spent reset tokens and day-old idempotency keys are refused anyway; this only
 * keeps the tables small.
 */
function runCleanup({ repos, idempotency }: AppDeps, clock: Clock) {
  const cleanup = setInterval(() => {
    const now = dateOf(clock);
    void repos.sessions.deleteExpired(now, SESSION_IDLE_TIMEOUT_MS);
    void repos.passwordResetTokens.deleteSpentOrExpired(now);
    void repos.mfa.deleteExpiredChallenges(now);
    void repos.ssoSignIns.deleteExpired(now);
    void idempotency.purgeExpired();
  }, CLEANUP_INTERVAL_MS);
  cleanup.unref();
  return () => clearInterval(cleanup);
}
