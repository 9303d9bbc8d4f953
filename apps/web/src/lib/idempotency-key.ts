/**
 * A fresh idempotency key for one confirmed write. From getRandomValues rather than
 * randomUUID, which browsers only offer on secure origins (a LAN address over http is not one).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
