import type { Repositories, UserRow } from "@ledgerline/db";
import type { MarketService } from "@ledgerline/market";
import type { FastifyBaseLogger } from "fastify";
import type { Mailer } from "../mail/mailer";
import type { Clock } from "./clock";
import type { SessionTokenIssuer } from "./session-token";
import type { Idempotency } from "./idempotency";
import type { Throttles } from "./throttles";

/** Everything the services need that outlives a request. */
export interface AppDeps {
  repos: Repositories;
  clock: Clock;
  mailer: Mailer;
  throttles: Throttles;
  logger: FastifyBaseLogger;
  market: MarketService;
  idempotency: Idempotency;
  issueSessionToken: SessionTokenIssuer;
  config: {
    appOrigin: string;
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
  /** The idempotency key the request came with (a header on REST, an input field on tRPC). */
  idempotencyKey?: string | null;
}

/** A request made by a signed-in user. */
export interface UserScope extends RequestScope {
  user: UserRow;
  sessionTokenHash: string;
}
