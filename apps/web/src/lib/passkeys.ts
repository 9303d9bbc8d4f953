import { passkeyMessages } from "@ledgerline/contracts/browser";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { postJson } from "./rest";

/*
 * The browser's side of passkeys. This module and SimpleWebAuthn's browser library are loaded
 * only when someone uses a passkey (a dynamic import on click), so the public pages' first
 * bundle does not carry them.
 */

/** The browser's own words for a closed or refused prompt are replaced by ours. */
function readable(failure: unknown): Error {
  const name = (failure as { name?: unknown } | null)?.name;
  if (name === "NotAllowedError" || name === "AbortError") {
    return new Error(passkeyMessages.cancelled);
  }
  return failure instanceof Error ? failure : new Error(String(failure));
}

async function browser() {
  const webauthn = await import("@simplewebauthn/browser");
  if (!webauthn.browserSupportsWebAuthn()) throw new Error(passkeyMessages.unsupported);
  return webauthn;
}

/** Asks the authenticator to make a passkey for these options; answers the browser's JSON. */
export async function createPasskeyResponse(options: PublicKeyCredentialCreationOptionsJSON) {
  const { startRegistration } = await browser();
  return startRegistration({ optionsJSON: options }).catch((failure: unknown) => {
    throw readable(failure);
  });
}

/**
 * Signs in with a passkey: with no `mfaToken` any passkey of this site (it names the account),
 * with one the second step of a password sign-in. Answers what the password sign-in answers.
 */
export async function signInWithPasskey(mfaToken: string | null) {
  const { startAuthentication } = await browser();
  const options = await postJson("/auth/passkeys/options", mfaToken ? { mfaToken } : {});
  const response = await startAuthentication({ optionsJSON: options }).catch((failure: unknown) => {
    throw readable(failure);
  });
  return postJson("/auth/passkeys/verify", { response });
}
