import { hash, randomBytes } from "node:crypto";

/** 256 bits of randomness, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Tokens are stored only as this digest, so a leaked table grants nothing. Every signed-in
 * request takes one, so it is the one-shot `hash`: a Hash object costs about three times as much.
 */
export function tokenDigest(token: string): string {
  return hash("sha256", token, "hex");
}
