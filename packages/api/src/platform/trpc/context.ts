import type { ApiKeyRow, SessionRow, UserRow } from "@ledgerline/db";
import type { IncomingHttpHeaders } from "node:http";
import type { AppDeps, RequestScope } from "../scope";
import { authenticate } from "../../auth/sessions";
import { answerLanguage, type AnswerLanguage } from "../../locale/answer-language";

/** What a door's request carries that the context reads (a Fastify request is one). */
export interface ContextRequest {
  headers: IncomingHttpHeaders;
  ip: string;
  id: string;
  server: { deps: AppDeps };
}

export interface Context extends RequestScope {
  user: UserRow | null;
  session: SessionRow | null;
  /** The API key the request came with, instead of a session; its scope limits what it may do. */
  apiKey: ApiKeyRow | null;
  requestId: string;
  /** The language of the answer's texts (decision 0070): the account's, else Accept-Language's. */
  language: AnswerLanguage;
}

/** The context without a request, for tests and tools. */
export function createContextInner(
  deps: AppDeps,
  options: Partial<Omit<Context, "deps">> = {},
): Context {
  const user = options.user ?? null;
  const acceptLanguage = options.acceptLanguage ?? null;
  return {
    deps,
    user,
    session: options.session ?? null,
    apiKey: options.apiKey ?? null,
    ip: options.ip ?? null,
    userAgent: options.userAgent ?? null,
    acceptLanguage,
    requestId: options.requestId ?? "internal",
    language: options.language ?? answerLanguage({ user, acceptLanguage }),
    idempotencyKey: options.idempotencyKey ?? null,
  };
}

export function bearerToken(req: ContextRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Both doors (tRPC and REST) build their context here, so a request means the same in each. */
export async function createContext({
  req,
  idempotencyKey = null,
}: {
  req: ContextRequest;
  idempotencyKey?: string | null;
}): Promise<Context> {
  const deps = req.server.deps;
  const token = bearerToken(req);
  const found = token ? await authenticate(deps, token) : undefined;
  return createContextInner(deps, {
    user: found?.user ?? null,
    session: found?.session ?? null,
    apiKey: found?.apiKey ?? null,
    ip: req.ip,
    userAgent: req.headers["user-agent"] ?? null,
    acceptLanguage: req.headers["accept-language"] ?? null,
    requestId: req.id,
    idempotencyKey,
  });
}
