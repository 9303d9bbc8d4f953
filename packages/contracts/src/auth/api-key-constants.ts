import type { ApiKeyScope } from "../shared/enums";

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "ll_";
export const API_KEY_NAME_MAX_LENGTH = 100;
/** Enough for every script a person runs; more is more likely a leak than a need. */
export const API_KEYS_PER_USER_MAX = 25;

export const apiKeyMessages = {
  nameRequired: "Name the key, e.g. after the script that uses it",
  nameTooLong: `A key name must be at most ${API_KEY_NAME_MAX_LENGTH} characters long`,
  scopeInvalid: "The scope must be 'read' or 'trade'",
  expiryInvalid: "The expiry must be a date and time, e.g. 2027-01-31T00:00:00Z",
  expiryInPast: "The expiry must be in the future",
  tooManyKeys: `A user may hold at most ${API_KEYS_PER_USER_MAX} API keys; revoke one first`,
  notFound: "API key not found",
  revoked: "API key revoked",
  notForKeys:
    "API keys cannot manage the account, API keys, two-factor sign-in or administration; sign in with your password for that",
  tooManyRequests: "Too many requests with this API key. Wait a minute and try again.",
} as const;

/** The 403 for a use beyond the key's scope. */
export function apiKeyScopeRefused(scope: ApiKeyScope): string {
  return `This API key has the '${scope}' scope, which does not allow this operation; it needs a key with the 'trade' scope`;
}
