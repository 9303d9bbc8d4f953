import { createHmac, randomBytes } from "node:crypto";
import { newToken } from "./tokens";

/**
 * Session tokens are JWTs (RFC 7519) so that clients written for the original system can read
 * their expiry: `sub` the user's id, `exp` the session's absolute expiry, `jti` the session's own
 * 256 random bits, and nothing else. The server never trusts these claims: it looks the whole
 * token up by its digest, as it did the opaque tokens before, so revocation stays immediate on
 * every process and the processes need no shared key. The signature (HS256) only keeps the token
 * a well-formed JWT; `SESSION_SIGNING_KEY` fixes its key, otherwise each process draws its own.
 */
const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));

function base64url(text: string): string {
  return Buffer.from(text).toString("base64url");
}

export function sessionTokenIssuer(signingKey: string | undefined) {
  const key = signingKey ?? randomBytes(32).toString("base64url");
  return (userId: number, issuedAt: Date, expiresAt: Date): string => {
    const payload = base64url(
      JSON.stringify({
        sub: String(userId),
        iat: Math.floor(issuedAt.getTime() / 1000),
        exp: Math.floor(expiresAt.getTime() / 1000),
        jti: newToken(),
      }),
    );
    const signature = createHmac("sha256", key).update(`${header}.${payload}`).digest("base64url");
    return `${header}.${payload}.${signature}`;
  };
}

export type SessionTokenIssuer = ReturnType<typeof sessionTokenIssuer>;
