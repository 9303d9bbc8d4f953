import { dateOf } from "@ledgerline/clock";
import {
  messages,
  mfaMessages,
  passkeyMessages,
  type LoginAnswer,
  type PasskeySignInInput,
} from "@ledgerline/contracts";
import type { PasskeyRow } from "@ledgerline/db";
import { recordAudit } from "../admin/audit";
import { signIn } from "../auth/auth";
import {
  countPasswordAttempt,
  forgiveFailures,
  loginAttemptKeys,
  refundPasswordAttempt,
  type LoginAttemptKeys,
} from "../auth/login-throttle";
import { startMfaChallenge } from "../auth/mfa";
import { tokenDigest } from "../auth/tokens";
import { badRequest, tooManyRequests } from "../platform/errors";
import type { RequestScope } from "../platform/scope";
import {
  credentialOf,
  expectedRelyingParty,
  keepChallenge,
  takeChallenge,
  transportsOf,
  webAuthn,
  type Ceremony,
} from "./ceremonies";

/**
 * The options for `navigator.credentials.get`. Without an MFA token: any passkey of this site
 * (discoverable credentials; the passkey names the account). With one (a password was right and
 * two-factor sign-in is on): the passkeys of that account, as the second factor.
 */
export async function passkeySignInOptions(scope: RequestScope, mfaToken: string | undefined) {
  const { deps } = scope;
  let ceremony: Ceremony = { kind: "sign-in" };
  let allowCredentials: { id: string; transports: ReturnType<typeof transportsOf> }[] = [];
  if (mfaToken !== undefined) {
    const mfaTokenHash = tokenDigest(mfaToken);
    const userId = await deps.repos.mfa.findChallenge(mfaTokenHash, dateOf(deps.clock));
    if (userId === undefined) throw badRequest(mfaMessages.challengeInvalid);
    const passkeys = await deps.repos.passkeys.listForUser(userId);
    if (passkeys.length === 0) throw badRequest(passkeyMessages.noPasskeys);
    allowCredentials = passkeys.map((row) => ({
      id: row.credentialId,
      transports: transportsOf(row),
    }));
    ceremony = { kind: "second-factor", userId, mfaTokenHash };
  }
  const options = await (
    await webAuthn()
  ).generateAuthenticationOptions({
    rpID: deps.config.passkeys.rpId,
    allowCredentials,
    userVerification: "preferred",
  });
  await keepChallenge(deps, options.challenge, ceremony);
  return options;
}

/**
 * Signs in with a passkey, counted by the same throttles as a password (login-throttle.ts) and
 * written to the audit log as LOGIN (as the second factor, MFA_LOGIN). A passkey that verified
 * its user (a PIN, a fingerprint) is two factors in one: it signs in even with two-factor
 * sign-in on. One that did not is one factor, like a password: with two-factor sign-in on it
 * answers the challenge for the code instead.
 */
export async function signInWithPasskey(
  scope: RequestScope,
  input: PasskeySignInInput,
): Promise<LoginAnswer> {
  const { deps } = scope;
  const { challenge, ceremony } = await takeChallenge(deps, input.response.response.clientDataJSON);
  if (ceremony.kind === "register") throw badRequest(passkeyMessages.challengeInvalid);
  const passkey = await deps.repos.passkeys.findByCredentialId(input.response.id);
  const user = passkey ? await deps.repos.users.findById(passkey.userId) : undefined;
  const event = ceremony.kind === "second-factor" ? "MFA_LOGIN" : "LOGIN";
  if (!passkey || !user) {
    const allowed = await deps.throttles.loginFailuresPerIp.tryConsume(scope.ip ?? "unknown");
    await recordAudit(scope, {
      event,
      success: false,
      failureReason: allowed ? "Unknown passkey" : "Too many failed attempts",
    });
    if (!allowed) throw tooManyRequests(messages.tooManyAttempts);
    throw badRequest(passkeyMessages.unknown);
  }
  if (ceremony.kind === "second-factor" && ceremony.userId !== user.id) {
    throw badRequest(passkeyMessages.unknown);
  }

  const keys = loginAttemptKeys(user.email, scope.ip, user);
  const audit = { event, email: user.email, userId: user.id } as const;
  if (!(await countAttempt(scope, ceremony, keys))) {
    await recordAudit(scope, {
      ...audit,
      success: false,
      failureReason: "Too many failed attempts",
    });
    throw tooManyRequests(messages.tooManyAttempts);
  }
  const userVerified = await verifyAssertion(scope, input, challenge, passkey);
  if (userVerified === undefined) {
    await deps.repos.users.recordFailedLogin(user.id);
    await recordAudit(scope, { ...audit, success: false, failureReason: "Passkey not verified" });
    throw badRequest(passkeyMessages.notVerified);
  }

  if (ceremony.kind === "second-factor") {
    if (!(await deps.repos.mfa.spendChallenge(ceremony.mfaTokenHash))) {
      throw badRequest(mfaMessages.challengeInvalid);
    }
    await forgiveFailures(deps.throttles, keys);
    await recordAudit(scope, { ...audit, success: true, details: "Passkey" });
    return signIn(scope, user, "Passkey as the second factor");
  }
  await refundPasswordAttempt(deps.throttles, keys);
  if (!userVerified && (await deps.repos.mfa.isEnabled(user.id))) {
    return startMfaChallenge(scope, user);
  }
  await forgiveFailures(deps.throttles, keys);
  return signIn(scope, user, "Passkey");
}

/** A sign-in's attempt counts as a password's; a second step's as a code's. */
async function countAttempt(scope: RequestScope, ceremony: Ceremony, keys: LoginAttemptKeys) {
  const { throttles } = scope.deps;
  if (ceremony.kind === "second-factor") {
    return throttles.mfaCodeFailuresPerAccount.tryConsume(keys.codes);
  }
  return countPasswordAttempt(throttles, keys);
}

/**
 * Whether the authenticator verified its user, once the signature, origin, RP ID and counter
 * are right; undefined when anything is wrong. The counter is stored only if no other sign-in
 * moved it meanwhile, so one of two answers racing with the same counter is refused.
 */
async function verifyAssertion(
  scope: RequestScope,
  input: PasskeySignInInput,
  challenge: string,
  passkey: PasskeyRow,
): Promise<boolean | undefined> {
  const { deps } = scope;
  const verification = await (
    await webAuthn()
  )
    .verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge,
      ...expectedRelyingParty(deps),
      credential: credentialOf(passkey),
      requireUserVerification: false,
    })
    .catch(() => undefined);
  if (!verification?.verified) return undefined;
  const info = verification.authenticationInfo;
  const recorded = await deps.repos.passkeys.recordUse(passkey.id, {
    previousCounter: passkey.counter,
    counter: info.newCounter,
    backedUp: info.credentialBackedUp,
    at: dateOf(deps.clock),
  });
  return recorded ? info.userVerified : undefined;
}
