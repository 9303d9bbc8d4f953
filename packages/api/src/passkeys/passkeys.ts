import { dateOf } from "@ledgerline/clock";
import {
  passkeyMessages,
  type MessageResult,
  type PasskeyView,
  type CreatePasskeyInput,
} from "@ledgerline/contracts";
import type { PasskeyRow } from "@ledgerline/db";
import { randomBytes } from "node:crypto";
import { auditSuccess, auditFailure } from "../admin/audit";
import { requireCurrentPassword } from "../auth/reauth";
import { badRequest, conflict, notFound } from "../platform/errors";
import type { SessionScope } from "../platform/scope";
import {
  base64url,
  expectedRelyingParty,
  keepChallenge,
  takeChallenge,
  transportsOf,
  webAuthn,
} from "./ceremonies";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toPasskeyView(row: PasskeyRow): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    backedUp: row.backedUp,
  };
}

export async function listPasskeys(scope: SessionScope): Promise<PasskeyView[]> {
  return (await scope.deps.repos.passkeys.listForUser(scope.user.id)).map(toPasskeyView);
}

/**
 * The options for the browser to make a new passkey, after the password: a passkey outlives the
 * session, so a stolen session alone cannot add one. Discoverable (resident) keys, so the
 * passkey alone later names the account; the account's own passkeys are excluded, so one
 * authenticator holds at most one passkey for it.
 */
export async function passkeyRegistrationOptions(scope: SessionScope, password: string) {
  await requireCurrentPassword(scope, password, "PASSKEY_ADD");
  const { deps, user } = scope;
  const existing = await deps.repos.passkeys.listForUser(user.id);
  const userHandle = existing[0]?.userHandle ?? base64url.fromBytes(randomBytes(32));
  const options = await (
    await webAuthn()
  ).generateRegistrationOptions({
    rpName: deps.config.passkeys.rpName,
    rpID: deps.config.passkeys.rpId,
    userName: user.email,
    userDisplayName: user.name,
    userID: base64url.toBytes(userHandle),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: transportsOf(row),
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await keepChallenge(deps, options.challenge, { kind: "register", userId: user.id, userHandle });
  return options;
}

/** Checks the browser's new passkey against the challenge given to this user, and keeps it. */
export async function createPasskey(
  scope: SessionScope,
  input: CreatePasskeyInput,
): Promise<PasskeyView> {
  const { deps, user } = scope;
  const { challenge, ceremony } = await takeChallenge(deps, input.response.response.clientDataJSON);
  if (ceremony.kind !== "register" || ceremony.userId !== user.id) {
    throw badRequest(passkeyMessages.challengeInvalid);
  }
  const verification = await (
    await webAuthn()
  )
    .verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      ...expectedRelyingParty(deps),
      requireUserVerification: false,
    })
    .catch(() => undefined);
  if (!verification?.verified) {
    await auditFailure(scope, "PASSKEY_ADD", user.email, "Passkey not verified", user.id);
    throw badRequest(passkeyMessages.notVerified);
  }
  const info = verification.registrationInfo;
  const created = await deps.repos.passkeys.create({
    userId: user.id,
    credentialId: info.credential.id,
    publicKey: base64url.fromBytes(info.credential.publicKey),
    counter: info.credential.counter,
    userHandle: ceremony.userHandle,
    transports: (info.credential.transports ?? []).join(","),
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    name: input.name,
    createdAt: dateOf(deps.clock),
  });
  if (!created) throw conflict(passkeyMessages.alreadyRegistered);
  await auditSuccess(scope, "PASSKEY_ADD", user, `Passkey "${created.name}"`);
  return toPasskeyView(created);
}

/** Removes one of the user's passkeys, after the password (as every change to sign-in does). */
export async function deletePasskey(
  scope: SessionScope,
  input: { id: number; password: string },
): Promise<MessageResult> {
  await requireCurrentPassword(scope, input.password, "PASSKEY_REMOVE");
  const removed = await scope.deps.repos.passkeys.delete(input.id, scope.user.id);
  if (!removed) throw notFound(passkeyMessages.notFound);
  await auditSuccess(scope, "PASSKEY_REMOVE", scope.user, `Passkey "${removed.name}"`);
  return { message: passkeyMessages.removed };
}
