import type { Repositories, UserRow } from "@ledgerline/db";
import type { MarketService } from "@ledgerline/market";
import type { RelayedPriceTicks } from "../live/price-ticks";
import type { Logger } from "./logger";
import type { Mailer } from "./mail/mailer";
import type { AlertEvaluator } from "../live/alert-evaluator";
import type { AnswerCache, AnswerLife } from "./answer-cache";
import type { BackgroundWork } from "./background-work";
import type { Jobs } from "./jobs/jobs";
import type { Clock } from "@ledgerline/clock";
import type { LiveSymbolClaims } from "../live/live-symbols";
import type { QuoteStreams } from "../live/quote-streams";
import type { SessionTokenIssuer } from "../auth/session-token";
import type { Idempotency } from "../trading/idempotency";
import type { Throttles } from "../auth/throttles";
import type { ImportProgress } from "../import/import-progress";
import type { OidcClient } from "../sso/oidc-client";
import type { OneTimeValues } from "./shared-state";

/** Everything the services need that outlives a request. */
export interface AppDeps {
  repos: Repositories;
  clock: Clock;
  mailer: Mailer;
  /** What requests start and do not wait for (a recompute after a trade, a mail). */
  background: BackgroundWork;
  /** Queued background work by kind (a recompute, a mail): in this process or on Redis. */
  jobs: Jobs;
  throttles: Throttles;
  logger: Logger;
  market: MarketService;
  /** Live prices: subscribe(instruments, onTick) → unsubscribe, one upstream per symbol in use. */
  priceTicks: RelayedPriceTicks;
  /** The REST door's live-price event streams, fanned out per symbol. */
  quoteStreams: QuoteStreams;
  /** The symbols each user watches live at once on this process (the per-user limit). */
  liveSymbols: LiveSymbolClaims;
  idempotency: Idempotency;
  /** Import jobs' progress and cancels, between their workers and the pages that show them. */
  importProgress: ImportProgress;
  /** Where price updates are checked against the users' alerts. */
  alertEvaluator: AlertEvaluator;
  issueSessionToken: SessionTokenIssuer;
  /** Single-use values shared by the deployment's processes (passkey challenges). */
  oneTimeValues: OneTimeValues;
  /** Hot reads' answers, kept while the data and quotes they show are current. */
  answers: AnswerCache;
  /** Single sign-on's OpenID Connect provider (OIDC_ISSUER and its client), when configured. */
  sso?: OidcClient;
  config: {
    appOrigin: string;
    /** ADMIN_MFA_REQUIRED: admin features need two-factor sign-in turned on. */
    adminMfaRequired: boolean;
    /** The WebAuthn relying party passkeys are bound to (PASSKEY_RP_ID, PASSKEY_ORIGINS). */
    passkeys: { rpId: string; rpName: string; origins: string[] };
    /** RISK_FREE_RATE: the yearly rate the Sharpe ratio takes off, a decimal string. */
    riskFreeRate: string;
    /** TEST_RECOMPUTE_DELAY_MS: end-to-end tests hold each snapshot recompute this long. */
    testRecomputeDelayMs?: number;
    /** TEST_IMPORT_BATCH_DELAY_MS: end-to-end tests hold an import job this long between batches. */
    testImportBatchDelayMs?: number;
    /** The provider credentials the /api/secrets paths may hand to admins, when opted in. */
    secrets: {
      enabled: boolean;
      polygonApiKey: string | undefined;
      coinbaseApiKey: string | undefined;
      coinbaseApiSecret: string | undefined;
    };
  };
}

/** What services know about the request they serve. */
export interface RequestScope {
  deps: AppDeps;
  ip: string | null;
  userAgent: string | null;
  /** The Accept-Language header: the locale an account made by this request starts in. */
  acceptLanguage?: string | null;
  /** The idempotency key the request came with (a header on REST, an input field on tRPC). */
  idempotencyKey?: string | null;
  /** Present while a cached read's answer is built: what it shows says how long it holds. */
  answerLife?: AnswerLife | undefined;
}

/** A request made by a signed-in user, with a session or an API key. */
export interface UserScope extends RequestScope {
  user: UserRow;
}

/** A request made in a signed-in session (never with an API key): the account's own settings. */
export interface SessionScope extends UserScope {
  sessionTokenHash: string;
}
