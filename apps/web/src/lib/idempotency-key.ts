/**
 * A fresh idempotency key for one confirmed write. From getRandomValues rather than
 * randomUUID, which browsers only offer on secure origins (a LAN address over http is not one).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Keys for a form that may be sent more than once: the same request again (a retry after a lost
 * answer) carries the same key, so the server writes once; a changed request gets a new key, as
 * the server refuses a key it has seen with another input.
 */
export class RequestKeys {
  private last: { request: string; key: string } | null = null;

  keyFor(request: unknown): string {
    const text = JSON.stringify(request);
    if (this.last?.request !== text) this.last = { request: text, key: newIdempotencyKey() };
    return this.last.key;
  }
}
