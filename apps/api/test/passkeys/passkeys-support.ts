import { expect } from "vitest";
import {
  SoftwareAuthenticator,
  type AuthenticatorOptions,
} from "../support/software-authenticator";
import type { TestApp } from "../support/test-app";

/** The test app's origin (APP_ORIGIN), which passkeys are bound to by default. */
export const ORIGIN = "https://ledgerline.test";

export function authenticator(options: Partial<AuthenticatorOptions> = {}) {
  return new SoftwareAuthenticator({ origin: ORIGIN, ...options });
}

type Options = Parameters<SoftwareAuthenticator["register"]>[0];
type RequestOptions = Parameters<SoftwareAuthenticator["authenticate"]>[0];

/** Adds a passkey to a signed-in user's account through the REST door; answers its view. */
export async function addPasskey(
  t: TestApp,
  user: { token: string; password: string },
  device: SoftwareAuthenticator,
  name = "Laptop",
) {
  const options = await t.request("POST", "/api/account/passkeys/options", {
    token: user.token,
    body: { password: user.password },
  });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const created = await t.request("POST", "/api/account/passkeys", {
    token: user.token,
    body: { name, response: device.register(options.body as unknown as Options) },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as unknown as { id: number; name: string };
}

/** The options of a passkey sign-in (with `mfaToken`, its second step). */
export async function signInOptions(t: TestApp, mfaToken?: string) {
  const options = await t.request("POST", "/api/auth/passkeys/options", {
    body: mfaToken === undefined ? {} : { mfaToken },
  });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return options.body as unknown as RequestOptions & { allowCredentials?: { id: string }[] };
}

export async function passkeySignIn(t: TestApp, response: unknown, remoteAddress?: string) {
  return t.request("POST", "/api/auth/passkeys/verify", {
    body: { response },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}
