import { PASSKEY_CHALLENGE_TTL_MS, passkeyMessages } from "@ledgerline/contracts";
import type { PasskeyRow } from "@ledgerline/db";
import type { AuthenticatorTransport, WebAuthnCredential } from "@simplewebauthn/server";
import { badRequest } from "../platform/errors";
import type { AppDeps } from "../platform/scope";

/**
 * What a challenge was issued for. It is kept in the shared state (one Redis for every process
 * when there are several) under the challenge itself, for `PASSKEY_CHALLENGE_TTL_MS`, and taken
 * (deleted) by the first answer that names it, right or wrong: a challenge is never used twice.
 */
export type Ceremony =
  /** `userHandle`: the account's WebAuthn user id, which its passkeys give back at sign-in. */
  | { kind: "register"; userId: number; userHandle: string }
  | { kind: "sign-in" }
  /** The second step of a password sign-in; the MFA challenge is spent when it succeeds. */
  | { kind: "second-factor"; userId: number; mfaTokenHash: string };

const keyOf = (challenge: string) => `passkey-challenge:${challenge}`;

/**
 * SimpleWebAuthn and its certificate parsers hold about 5 MB of the server's heap once loaded, for
 * a ceremony most servers see a few times a day: it loads with the first one.
 */
export const webAuthn = () => import("@simplewebauthn/server");

/** WebAuthn's byte fields travel as unpadded base64url text. */
export const base64url = {
  toBytes: (text: string): Uint8Array<ArrayBuffer> =>
    new Uint8Array(Buffer.from(text, "base64url")),
  fromBytes: (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url"),
};

export async function keepChallenge(deps: AppDeps, challenge: string, ceremony: Ceremony) {
  await deps.oneTimeValues.put(
    keyOf(challenge),
    JSON.stringify(ceremony),
    PASSKEY_CHALLENGE_TTL_MS,
  );
}

/**
 * The challenge the browser signed (from its client data) and what it was issued for; a 400
 * when the answer names no challenge this deployment is still waiting on.
 */
export async function takeChallenge(
  deps: AppDeps,
  clientDataJSON: string,
): Promise<{ challenge: string; ceremony: Ceremony }> {
  let challenge: string;
  try {
    challenge = (
      JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge: string }
    ).challenge;
  } catch {
    throw badRequest(passkeyMessages.responseInvalid);
  }
  if (typeof challenge !== "string" || challenge === "") {
    throw badRequest(passkeyMessages.responseInvalid);
  }
  const kept = await deps.oneTimeValues.take(keyOf(challenge));
  if (kept === undefined) throw badRequest(passkeyMessages.challengeInvalid);
  return { challenge, ceremony: JSON.parse(kept) as Ceremony };
}

/** Where the browser's answer must come from (APP_ORIGIN unless PASSKEY_ORIGINS says more). */
export function expectedRelyingParty(deps: AppDeps) {
  const { rpId, origins } = deps.config.passkeys;
  return { expectedRPID: rpId, expectedOrigin: origins };
}

export const transportsOf = (row: PasskeyRow) =>
  row.transports === "" ? [] : (row.transports.split(",") as AuthenticatorTransport[]);

/** A stored passkey as SimpleWebAuthn verifies against it. */
export function credentialOf(row: PasskeyRow): WebAuthnCredential {
  return {
    id: row.credentialId,
    publicKey: base64url.toBytes(row.publicKey),
    counter: row.counter,
    transports: transportsOf(row),
  };
}
