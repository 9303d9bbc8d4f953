/** Business constants of spec section 9 and the security limits of the design file. */

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Client and server agree on the inactivity window; the server enforces it too. */
export const SESSION_IDLE_TIMEOUT_MS = 15 * MINUTE;
export const SESSION_WARNING_AFTER_MS = 14 * MINUTE;
export const SESSION_WARNING_COUNTDOWN_S = 60;
export const SESSION_ABSOLUTE_TIMEOUT_MS = 12 * 60 * MINUTE;
export const TOKEN_EXPIRY_CHECK_INTERVAL_MS = 60 * SECOND;
export const ACTIVITY_THROTTLE_MS = SECOND;

export const PASSWORD_RESET_TOKEN_TTL_MS = 30 * MINUTE;

export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_SESSION_EXTENDED_DURATION_MS = 3000;
export const TOAST_LIMIT = 20;

export const AUDIT_DEFAULT_PAGE_SIZE = 10;
export const AUDIT_MAX_PAGE_SIZE = 100;
export const AUDIT_PAGER_MAX_PAGES = 5;

export const CLIENT_LOG_MESSAGE_MAX_LENGTH = 2000;
export const CLIENT_LOG_STACK_MAX_LENGTH = 8000;
export const CLIENT_LOG_CONTEXT_MAX_BYTES = 4000;

/** A JSON body or tRPC input nests at most this deep (arrays and objects); deeper is a 400. */
export const MAX_JSON_DEPTH = 32;
