import { dateOf } from "@ledgerline/clock";
import {
  API_KEY_PREFIX,
  API_KEYS_PER_USER_MAX,
  apiKeyMessages,
  type ApiKeyView,
  type CreateApiKeyInput,
  type CreatedApiKey,
  type MessageResult,
} from "@ledgerline/contracts";
import type { ApiKeyRow, UserRow } from "@ledgerline/db";
import { auditSuccess } from "../admin/audit";
import { badRequest, notFound, tooManyRequests } from "../platform/errors";
import { requireCurrentPassword } from "./reauth";
import type { AppDeps, RequestScope, SessionScope } from "../platform/scope";
import { newToken, tokenDigest } from "./tokens";

/** Writing last-use on every request would turn each read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;
/** `ll_` and 43 base64url characters (256 bits). */
const KEY_LENGTH = API_KEY_PREFIX.length + 43;
/** How much of a key its owner's list shows: the prefix and 4 of its random characters. */
const KEY_START_LENGTH = API_KEY_PREFIX.length + 4;

interface KeyOwnerScope extends RequestScope {
  user: UserRow;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toApiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    keyStart: row.keyStart,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    expiresAt: iso(row.expiresAt),
  };
}

/** Whether a bearer token is shaped like an API key (rather than a session JWT). */
export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** A key outlives the session that makes it, so making one takes the password again. */
export async function createApiKey(
  scope: SessionScope,
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  await requireCurrentPassword(scope, input.password, "API_KEY_CREATE");
  const { repos, clock } = scope.deps;
  const now = dateOf(clock);
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw badRequest(apiKeyMessages.expiryInPast);
  }
  if ((await repos.apiKeys.countForUser(scope.user.id)) >= API_KEYS_PER_USER_MAX) {
    throw badRequest(apiKeyMessages.tooManyKeys);
  }
  const key = `${API_KEY_PREFIX}${newToken()}`;
  const row = await repos.apiKeys.create({
    userId: scope.user.id,
    name: input.name,
    scope: input.scope,
    keyHash: tokenDigest(key),
    keyStart: key.slice(0, KEY_START_LENGTH),
    createdAt: now,
    expiresAt,
  });
  await auditSuccess(
    scope,
    "API_KEY_CREATE",
    scope.user,
    `Key ${row.id} '${row.name}' (${row.scope})`,
  );
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    key,
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
  };
}

export async function listApiKeys(scope: KeyOwnerScope): Promise<ApiKeyView[]> {
  return (await scope.deps.repos.apiKeys.listForUser(scope.user.id)).map(toApiKeyView);
}

/** Deletes the key: the next request with it is unknown, on every process. */
export async function revokeApiKey(scope: KeyOwnerScope, id: number): Promise<MessageResult> {
  const removed = await scope.deps.repos.apiKeys.delete(id, scope.user.id);
  if (!removed) throw notFound(apiKeyMessages.notFound);
  await auditSuccess(
    scope,
    "API_KEY_REVOKE",
    scope.user,
    `Key ${removed.id} '${removed.name}' (${removed.scope})`,
  );
  return { message: apiKeyMessages.revoked };
}

export interface AuthenticatedApiKey {
  user: UserRow;
  apiKey: ApiKeyRow;
}

/**
 * The live key behind a bearer token, counted against its per-minute budget (a 429 past it);
 * undefined for an unknown, revoked or expired key.
 */
export async function authenticateApiKey(
  deps: AppDeps,
  token: string,
): Promise<AuthenticatedApiKey | undefined> {
  if (token.length !== KEY_LENGTH) return undefined;
  const now = dateOf(deps.clock);
  const found = await deps.repos.apiKeys.findActive(tokenDigest(token), now);
  if (!found) return undefined;
  if (!(await deps.throttles.apiKeyRequests.tryConsume(String(found.apiKey.id)))) {
    throw tooManyRequests(apiKeyMessages.tooManyRequests);
  }
  const lastUsed = found.apiKey.lastUsedAt?.getTime() ?? 0;
  if (now.getTime() - lastUsed >= TOUCH_INTERVAL_MS) {
    await deps.repos.apiKeys.touch(found.apiKey.id, now);
  }
  return found;
}
