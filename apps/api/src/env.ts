import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** Every setting the API reads, validated once at start-up. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    DATABASE_URL: z.string().min(1).default("./data/app.db"),
    APP_ORIGIN: z
      .url({ error: "must be an absolute URL such as https://ledgerline.example" })
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
    /** Where the built (English) web app is; default apps/web/dist beside the API; <root>-de, -es beside it. */
    WEB_ROOT: optionalText,
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    TRUST_PROXY: booleanFlag.default(false),
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
    /** Requests a minute one API key may make (a 429 past it). */
    API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(300),
    /**
     * The domain passkeys are bound to (WebAuthn's RP ID): APP_ORIGIN's host, or a parent domain
     * of it so passkeys keep working across subdomains. Changing it orphans existing passkeys.
     */
    PASSKEY_RP_ID: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9.-]+$/i, { error: "must be a host name such as ledgerline.example" })
        .optional(),
    ),
    /** The origins (comma-separated) passkey ceremonies may come from; default APP_ORIGIN. */
    PASSKEY_ORIGINS: optionalText.pipe(
      z
        .string()
        .transform((value) => value.split(",").map((origin) => origin.trim().replace(/\/+$/, "")))
        .refine((origins) => origins.every((origin) => URL.canParse(origin)), {
          error: "must be absolute URLs such as https://ledgerline.example",
        })
        .optional(),
    ),
    /** Admins must turn on two-factor sign-in before they may use admin features. */
    ADMIN_MFA_REQUIRED: booleanFlag.default(false),
    /** New accounts per hour from one address. */
    REGISTRATIONS_PER_HOUR: z.coerce.number().int().positive().default(30),

    MARKET_DATA_PROVIDER: z.enum(["sim", "polygon"]).default("sim"),
    POLYGON_API_KEY: optionalText,
    CRYPTO_DATA_PROVIDER: z.enum(["sim", "coinbase"]).default("sim"),
    COINBASE_API_KEY: optionalText,
    COINBASE_API_SECRET: optionalText,
    /** Polygon calls a minute this deployment may make: 5 on the free plan, more on paid ones. */
    POLYGON_CALLS_PER_MINUTE: z.coerce
      .number({ error: "must be a whole number of calls a minute" })
      .int({ error: "must be a whole number of calls a minute" })
      .positive({ error: "must be at least 1" })
      .default(5),
    /** Coinbase calls a second this deployment may make (its public API allows about 10). */
    COINBASE_CALLS_PER_SECOND: z.coerce
      .number({ error: "must be a whole number of calls a second" })
      .int({ error: "must be a whole number of calls a second" })
      .positive({ error: "must be at least 1" })
      .default(10),
    /** The longest one provider call may take before stale data or the spec's error is shown. */
    MARKET_PROVIDER_TIMEOUT_MS: z.coerce
      .number({ error: "must be a whole number of milliseconds" })
      .int({ error: "must be a whole number of milliseconds" })
      .min(100, { error: "must be at least 100 ms" })
      .max(60_000, { error: "must be at most 60000 ms" })
      .default(3000),
    MARKET_SEED: z.string().trim().min(1).default("20250101"),
    /** Start the market clock at this instant; it runs on from there (demos, tests). */
    MARKET_TIME: z.iso
      .datetime({
        offset: true,
        error: "must be an ISO 8601 date-time such as 2026-03-11T15:00:00Z",
      })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    POLYGON_BASE_URL: z
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    COINBASE_API_BASE_URL: z
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    COINBASE_EXCHANGE_BASE_URL: z
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** The Exchange WebSocket feed live crypto prices stream from (with CRYPTO_DATA_PROVIDER=coinbase). */
    COINBASE_FEED_URL: z
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    SECRETS_ENDPOINTS_ENABLED: booleanFlag.default(false),

    /** Several API processes share rate limits, the market cache and singleton jobs through it. */
    REDIS_URL: z
      .string()
      .trim()
      .regex(/^rediss?:\/\//, { error: "must be a Redis URL such as redis://127.0.0.1:6379" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    REDIS_KEY_PREFIX: z.string().min(1).default("ledgerline:"),
    /**
     * What this process does: "api" serves requests and queues background work, "worker" runs
     * the queued jobs, "both" (the default) does both. Splitting needs the queues in Redis.
     */
    LEDGERLINE_ROLE: z
      .enum(["both", "api", "worker"], { error: "must be both, api or worker" })
      .default("both"),
    /** A Prometheus scraper's bearer token for GET /api/metrics; without it there is no endpoint. */
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(16, { error: "must be at least 16 characters" }).optional(),
    ),

    /** The HS256 key of session JWTs; optional, since the server checks tokens by their digest. */
    SESSION_SIGNING_KEY: optionalText.pipe(
      z.string().min(32, { error: "must be at least 32 characters" }).optional(),
    ),

    SMTP_URL: z
      .url({ error: "must be an SMTP URL such as smtp://user:pass@mail.example:587" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default("Ledgerline <no-reply@ledgerline.local>"),

    /**
     * Single sign-on through an OpenID Connect provider (Authentik, Keycloak, Google Workspace):
     * its issuer URL and this app's client there. The redirect URI to register at the provider is
     * APP_ORIGIN/api/auth/sso/callback.
     */
    OIDC_ISSUER: z
      .url({ error: "must be the provider's issuer URL, such as https://auth.example/realms/home" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    /** The provider's name on the login page's button ("Sign in with <name>"). */
    OIDC_NAME: z.string().trim().min(1).max(40).default("SSO"),

    ADMIN_EMAIL: optionalText.pipe(z.email({ error: "must be an email address" }).optional()),
    ADMIN_PASSWORD: optionalText,
    DEMO_SEED: booleanFlag.default(true),
    /**
     * Tests only (NODE_ENV=test): each snapshot recompute waits this long before it starts, so an
     * end-to-end test sees the "Updating history" banner whatever the machine's speed.
     */
    TEST_RECOMPUTE_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /**
     * Tests only (NODE_ENV=test): an import job waits this long between two batches of rows, so
     * an end-to-end test sees its progress bar move (and can cancel it) whatever the machine's
     * speed: 20,000 rows are otherwise written in 2-5 s, less than a loaded browser takes to
     * show the bar.
     */
    TEST_IMPORT_BATCH_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
    /** The yearly risk-free rate the Sharpe ratio takes off (0.04 = 4%). */
    RISK_FREE_RATE: z
      .string()
      .trim()
      .regex(/^-?0(\.\d{1,8})?$/, { error: "must be a yearly rate such as 0.04 (4%), below 1" })
      .default("0"),
  })
  .superRefine((env, ctx) => {
    if (env.MARKET_DATA_PROVIDER === "polygon" && !env.POLYGON_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["POLYGON_API_KEY"],
        message: "is required when MARKET_DATA_PROVIDER=polygon",
      });
    }
    if (env.LEDGERLINE_ROLE !== "both" && !env.REDIS_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["LEDGERLINE_ROLE"],
        message: "needs REDIS_URL: without Redis one process serves requests and runs the jobs",
      });
    }
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_ISSUER"],
        message: "OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together",
      });
    }
    if (env.OIDC_ISSUER && !isSecureOrLoopback(env.OIDC_ISSUER)) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_ISSUER"],
        message: "must be an https:// URL (plain http only on 127.0.0.1 or localhost)",
      });
    }
    for (const testOnly of ["TEST_RECOMPUTE_DELAY_MS", "TEST_IMPORT_BATCH_DELAY_MS"] as const) {
      if (env[testOnly] > 0 && env.NODE_ENV !== "test") {
        ctx.addIssue({
          code: "custom",
          path: [testOnly],
          message: "is for tests only (NODE_ENV=test)",
        });
      }
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
      });
    }
  })
  .transform((env) => ({ ...env, APP_ORIGIN: env.APP_ORIGIN ?? `http://localhost:${env.PORT}` }));

export type Env = z.infer<typeof envSchema>;

/** A provider's tokens travel in the clear over http, so it is allowed only on this machine. */
function isSecureOrLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === "https:" || ["127.0.0.1", "localhost", "[::1]"].includes(hostname);
}

export class EnvError extends Error {}

/** Parses an environment; a bad value names the variable and what was expected. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`,
  );
  throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
}

export function loadEnv(): Env {
  return parseEnv(process.env);
}

/**
 * The deployment's settings and the admin the command was given. ADMIN_EMAIL and ADMIN_PASSWORD
 * here are the command's input, not the server's first-admin pair, so the rule that the server
 * needs both together does not apply: the password alone may come from the environment.
 */
export function adminCommandInput(source: Record<string, string | undefined> = process.env) {
  const { ADMIN_EMAIL, ADMIN_PASSWORD, ...deployment } = source;
  return { env: parseEnv(deployment), email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
}
