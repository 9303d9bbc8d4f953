import { dateOf } from "@ledgerline/clock";
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from "@ledgerline/contracts";
import type { ApiKeyRow, SessionRow, UserRow } from "@ledgerline/db";
import { authenticateApiKey, isApiKey } from "./api-keys";
import type { AppDeps, RequestScope } from "../platform/scope";
import { tokenDigest } from "./tokens";

/** Writing last-seen on every request would turn each read into a write; once per half minute is enough. */
const TOUCH_INTERVAL_MS = 30_000;

/** A session JWT is about 250 characters; anything far longer is not one of ours. */
const MAX_TOKEN_LENGTH = 1000;

export async function startSession(scope: RequestScope, user: UserRow) {
  const createdAt = dateOf(scope.deps.clock);
  const expiresAt = new Date(createdAt.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS);
  const token = scope.deps.issueSessionToken(user.id, createdAt, expiresAt);
  await scope.deps.repos.sessions.create({
    tokenHash: tokenDigest(token),
    userId: user.id,
    createdAt,
    expiresAt,
    ipAddress: scope.ip,
    userAgent: scope.userAgent?.slice(0, 500) ?? null,
  });
  return { token, expiresAt };
}

/** Who a bearer token speaks for: a browser session, or one of the user's API keys. */
export type Authenticated =
  | { user: UserRow; session: SessionRow; apiKey: null }
  | { user: UserRow; session: null; apiKey: ApiKeyRow };

/**
 * The live session or API key behind a bearer token (a session's idle window is extended);
 * undefined when there is none. Both doors resolve their bearer token here and only here.
 */
export async function authenticate(
  deps: AppDeps,
  token: string,
): Promise<Authenticated | undefined> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return undefined;
  if (isApiKey(token)) {
    const found = await authenticateApiKey(deps, token);
    return found && { user: found.user, session: null, apiKey: found.apiKey };
  }
  const now = dateOf(deps.clock);
  const found = await deps.repos.sessions.findActive(
    tokenDigest(token),
    now,
    SESSION_IDLE_TIMEOUT_MS,
  );
  if (!found) return undefined;
  if (now.getTime() - found.session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await deps.repos.sessions.touch(found.session.tokenHash, now);
  }
  return { ...found, apiKey: null };
}
