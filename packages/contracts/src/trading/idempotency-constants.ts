/** The REST door's request header (IETF httpapi draft "The Idempotency-Key HTTP Header Field"). */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a key's stored answer is replayed; after that the key may be used again. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const idempotencyMessages = {
  invalidKey: `An idempotency key is 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters`,
  keyReused:
    "This idempotency key was already used for a different request; send a new key for a new request",
  stillInProgress:
    "A request with this idempotency key is still in progress; retry in a moment to get its answer",
} as const;
