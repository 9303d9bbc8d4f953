import type { Repositories, UserRow } from "@ledgerline/db";
import type { FastifyBaseLogger } from "fastify";
import type { Mailer } from "../mail/mailer";
import type { Clock } from "./clock";
import type { Throttles } from "./throttles";

/** Everything the services need that outlives a request. */
export interface AppDeps {
  repos: Repositories;
  clock: Clock;
  mailer: Mailer;
  throttles: Throttles;
  logger: FastifyBaseLogger;
  config: {
    appOrigin: string;
  };
}

/** What services know about the request they serve. */
export interface RequestScope {
  deps: AppDeps;
  ip: string | null;
  userAgent: string | null;
}

/** A request made by a signed-in user. */
export interface UserScope extends RequestScope {
  user: UserRow;
  sessionTokenHash: string;
}
