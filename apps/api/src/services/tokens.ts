import { createHash, randomBytes } from "node:crypto";

/** 256 bits of randomness, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as this digest, so a leaked table grants nothing. */
export function tokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
