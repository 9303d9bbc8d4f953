import { randomUUID } from "node:crypto";
import { knownCompanyName, type MarketService } from "@ledgerline/market";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Env } from "./env";
import { serverLogger } from "./logger";
import { marketClockFromEnv } from "./market/market-service";
import { migrationsFolders, webDistFolder } from "./paths";
import { apiDocsPlugin } from "./plugins/api-docs";
import { depsPlugin, type DepsOptions } from "./plugins/deps";
import { answerError, refusalLanguage, type ErrorBody } from "./plugins/error-answer";
import { faviconsPlugin } from "./plugins/favicons";
import { healthPlugin, redisDownEffects } from "./plugins/health";
import { parseJsonBodies } from "./plugins/json-body";
import { metricsPlugin } from "./plugins/metrics";
import { securityHeadersPlugin } from "./plugins/security-headers";
import { ssoRedirectsPlugin } from "./plugins/sso-redirects";
import { webPlugin } from "./plugins/web";
import { openApiDocument } from "./rest/openapi";
import { restPlugin } from "./rest/plugin";
import { onUseCompilers } from "./schema-compilers";
import { restRoutes } from "@ledgerline/api/rest-routes";
import { errorIn } from "@ledgerline/api/locale/catalog";
import { type Clock, systemClock } from "@ledgerline/clock";
import { IMPORT_BODY_LIMIT } from "@ledgerline/api/import/service";
import { createSharedState, type SharedState } from "@ledgerline/api/platform/shared-state/index";
import { requestLimitPlugin, type RequestLimitOptions } from "./plugins/request-limit";
import type { IdempotencyOptions } from "@ledgerline/api/trading/idempotency";
import type { ThrottleLimits } from "@ledgerline/api/auth/throttles";
import { createContext } from "@ledgerline/api/platform/trpc/context";
import { trpcHttpTransport } from "./trpc/http-transport";
import { appRouter } from "@ledgerline/api/router";

export interface AppOptions {
  env: Env;
  clock?: Clock;
  logger?: FastifyServerOptions["logger"];
  throttleLimits?: Partial<ThrottleLimits>;
  /** Where the built web app is; tests that only need the API leave it out. */
  webRoot?: string | false;
  market?: MarketService;
  marketRefresher?: boolean;
  /** Check the alerts on every live tick of their symbols. Default true. */
  alertTicks?: boolean;
  idempotency?: Partial<IdempotencyOptions>;
  /** Job queue policies instead of the defaults (tests: short backoffs). */
  jobPolicies?: DepsOptions["jobPolicies"];
  /** With Redis: how soon a dead worker's job goes to another (30 s by default); tests only. */
  jobsLockMs?: number;
}

const API_VERSION = "1.0.0";
/** Clients of the original system send /api/Portfolio or /api/portfolio/: the same resource. */
const ROUTER_OPTIONS = { maxParamLength: 5000, caseSensitive: false, ignoreTrailingSlash: true };
/** How long a connection may take to send a request's head (its line and headers). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** The most calls one tRPC request may carry; the busiest screen batches about a dozen. */
const MAX_TRPC_BATCH = 50;

/** The whole application as a Fastify instance that tests can build without listening. */
export async function buildApp(options: AppOptions) {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? serverLogger(env),
    genReqId: () => randomUUID(),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // A connection whose request head has not arrived whole within 10 s is answered 408 and
    // closed (Node's default waits 60 s, checked every 30 s): a client sending its headers a
    // byte at a time must not hold a socket and a parser for longer.
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
    routerOptions: ROUTER_OPTIONS,
    // A malformed address (a bare %) is refused in the project's words, not Fastify's.
    frameworkErrors: (error, req, reply) => void answerError(error, req, reply),
    // Fastify's ajv and fast-json-stringify compilers load when a route first needs them.
    schemaController: { compilersFactory: onUseCompilers },
  });

  parseJsonBodies(app);

  // Set as the request comes in, so every answer has it (an error's too) without an onSend
  // hook: one is a step of every answer's send, a few µs of a kept hot read.
  app.addHook("onRequest", (req, reply, done) => {
    reply.header("x-request-id", req.id);
    done();
  });

  // One market clock for the process: built twice, two clocks started at MARKET_TIME a few ms
  // apart, and the shared caches and the market service disagreed about now by that much.
  const marketClock = marketClockFromEnv(env);
  const shared = await sharedStateFor(app, env, marketClock);

  await app.register(metricsPlugin, { token: env.METRICS_TOKEN, shared });
  await app.register(securityHeadersPlugin);
  await app.register(requestLimitPlugin, requestLimit(env, shared));

  await app.register(depsPlugin, {
    env,
    clock: options.clock ?? systemClock,
    marketClock,
    shared,
    migrationsFolders,
    throttleLimits: options.throttleLimits,
    market: options.market,
    marketRefresher: options.marketRefresher,
    alertTicks: options.alertTicks,
    idempotency: options.idempotency,
    jobPolicies: options.jobPolicies,
    jobsLockMs: options.jobsLockMs,
  });

  app.setErrorHandler(answerError);

  // A worker process answers its health checks only: the load balancer sends it no requests.
  const serves = env.LEDGERLINE_ROLE !== "worker";
  if (serves) await app.register(apiPlugin, { prefix: "/api", shared, env });
  else await app.register(healthPlugin, { prefix: "/api", shared });

  const webRoot = options.webRoot === undefined ? (env.WEB_ROOT ?? webDistFolder) : options.webRoot;
  if (webRoot && serves) {
    await app.register(webPlugin, {
      root: webRoot,
      // The simulated market's names are the index list's; a provider's own wording may differ,
      // and the heading would then change under the reader as the page replaced its layout.
      companyName: env.MARKET_DATA_PROVIDER === "sim" ? knownCompanyName : undefined,
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const body: ErrorBody = {
      message: `No route ${req.method} ${req.url.split("?")[0]!.slice(0, 200)}`,
      code: "NOT_FOUND",
    };
    return reply.code(404).send(errorIn(body, refusalLanguage(req)));
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** What the deployment's processes share: Redis with REDIS_URL, else this process's memory. */
function sharedStateFor(app: FastifyInstance, env: Env, marketClock: Clock) {
  return createSharedState({
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    marketClock,
    onError: (error) => app.log.warn({ err: error }, "shared state (Redis) call failed"),
    onAvailability: (up) =>
      up
        ? app.log.info("Redis answers again: shared caches, counters, leases and signals are back")
        : app.log.warn(
            { effects: redisDownEffects },
            "Redis is out of reach: serving degraded until it answers (GET /api/health/ready)",
          ),
  });
}

/** Requests per minute per client address on /api; in Redis with several processes. */
function requestLimit(env: Env, shared: SharedState): RequestLimitOptions {
  return {
    max: env.API_RATE_LIMIT_PER_MINUTE,
    windowMs: 60_000,
    // With several processes the limit is the deployment's, counted in Redis.
    count: shared.countRequest,
    nameSpace: `${env.REDIS_KEY_PREFIX}api-rate:`,
  };
}

/** Everything under /api: health, tRPC, REST, favicons and the API docs. */
async function apiPlugin(api: FastifyInstance, { shared, env }: { shared: SharedState; env: Env }) {
  await api.register(healthPlugin, { shared });
  await api.register(ssoRedirectsPlugin, { secure: env.APP_ORIGIN.startsWith("https:") });

  await api.register(
    trpcHttpTransport({
      router: appRouter,
      createContext: (req) => createContext({ req }),
      maxBatchSize: MAX_TRPC_BATCH,
      largeBodies: {
        paths: ["import.preview", "import.run", "import.start"],
        bodyLimit: IMPORT_BODY_LIMIT,
      },
      onError({ error, path, req }) {
        if (error.code === "INTERNAL_SERVER_ERROR") {
          req.log.error({ err: error.cause ?? error, path }, "procedure failed");
        }
      },
    }),
    { prefix: "/trpc" },
  );

  await api.register(restPlugin(restRoutes));
  await api.register(faviconsPlugin);

  await api.register(apiDocsPlugin, {
    document: () => openApiDocument(restRoutes, API_VERSION),
    routerOptions: ROUTER_OPTIONS,
  });
}
