import { dateOf } from "@ledgerline/clock";
import { randomBytes } from "node:crypto";
import {
  MFA_CHALLENGE_TTL_MS,
  MFA_ISSUER,
  MFA_RECOVERY_CODE_COUNT,
  messages,
  mfaMessages,
  type MfaChallenge,
  type MfaStatus,
  type MessageResult,
} from "@ledgerline/contracts";
import type { UserRow } from "@ledgerline/db";
import type { TOTP } from "otpauth";
import { recordAudit, auditSuccess, auditFailure } from "../admin/audit";
import { badRequest, conflict, tooManyRequests } from "../platform/errors";
import { forgiveFailures, loginAttemptKeys } from "./login-throttle";
import { confirmInSession, requireCurrentPassword } from "./reauth";
import type { AppDeps, RequestScope, SessionScope } from "../platform/scope";
import { newToken, tokenDigest } from "./tokens";

const PERIOD_SECONDS = 30;
/** A code from the step before or after the server's is accepted too: clocks drift. */
const WINDOW_STEPS = 1;
const RECOVERY_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** otpauth loads with the first two-factor step, not at every server's start (issue 35). */
const loadOtpauth = () => import("otpauth");

async function totpFor(user: UserRow, secret: string): Promise<TOTP> {
  const { Secret, TOTP } = await loadOtpauth();
  return new TOTP({
    issuer: MFA_ISSUER,
    label: user.email,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The 30-second step a 6-digit code belongs to, or undefined when it matches none near now. */
async function matchingStep(
  user: UserRow,
  secret: string,
  code: string,
  now: Date,
): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = (await totpFor(user, secret)).validate({
    token: code,
    timestamp: now.getTime(),
    window: WINDOW_STEPS,
  });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** `xxxxx-xxxxx` from an alphabet without look-alikes: about 49 bits, typed by a person. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map(
    (byte) => RECOVERY_CODE_ALPHABET[byte % RECOVERY_CODE_ALPHABET.length],
  );
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

/** What is stored of a recovery code: the digest of what the input schema normalises it to. */
function recoveryCodeDigest(code: string): string {
  return tokenDigest(code.replace(/[\s-]/g, "").toLowerCase());
}

export async function mfaStatus(scope: SessionScope): Promise<MfaStatus> {
  const { mfa } = scope.deps.repos;
  const enabled = await mfa.isEnabled(scope.user.id);
  return {
    enabled,
    recoveryCodesLeft: enabled ? await mfa.countUnusedRecoveryCodes(scope.user.id) : 0,
  };
}

/** Draws a new secret, not yet in force until `enableMfa` confirms a code from it. */
export async function setUpMfa(scope: SessionScope, password: string) {
  await requireCurrentPassword(scope, password, "MFA_ENABLE");
  const { mfa } = scope.deps.repos;
  if (await mfa.isEnabled(scope.user.id)) throw conflict(mfaMessages.alreadyEnabled);
  const secret = new (await loadOtpauth()).Secret({ size: 20 }).base32;
  await mfa.startSetup(scope.user.id, secret, dateOf(scope.deps.clock));
  return { secret, otpauthUrl: (await totpFor(scope.user, secret)).toString() };
}

/** Confirms the set-up with a code from the app; answers the recovery codes, shown this once. */
export async function enableMfa(scope: SessionScope, code: string) {
  const { repos, clock } = scope.deps;
  const pending = await repos.mfa.find(scope.user.id);
  if (!pending) throw badRequest(mfaMessages.notSetUp);
  if (pending.enabledAt) throw conflict(mfaMessages.alreadyEnabled);
  const now = dateOf(clock);
  const step = await matchingStep(scope.user, pending.secret, code, now);
  if (step === undefined) {
    await auditFailure(scope, "MFA_ENABLE", scope.user.email, "Wrong code", scope.user.id);
    throw badRequest(mfaMessages.codeWrong);
  }
  const recoveryCodes = Array.from({ length: MFA_RECOVERY_CODE_COUNT }, newRecoveryCode);
  const enabled = await repos.mfa.enable(
    scope.user.id,
    step,
    recoveryCodes.map(recoveryCodeDigest),
    now,
  );
  if (!enabled) throw conflict(mfaMessages.alreadyEnabled);
  await auditSuccess(scope, "MFA_ENABLE", scope.user);
  return { recoveryCodes };
}

/**
 * Turns two-factor sign-in off with the password and a current code (or a recovery code), so
 * neither a stolen session nor a stolen password alone can remove the second factor.
 */
export async function disableMfa(
  scope: SessionScope,
  input: { password: string; code: string },
): Promise<MessageResult> {
  await requireCurrentPassword(scope, input.password, "MFA_DISABLE");
  const credential = await scope.deps.repos.mfa.find(scope.user.id);
  if (!credential?.enabledAt) throw badRequest(mfaMessages.notEnabled);
  await confirmInSession(scope, {
    event: "MFA_DISABLE",
    failureReason: "Wrong code",
    message: mfaMessages.codeWrong,
    check: async () => {
      const spent = await spendCode(scope.deps, scope.user, credential.secret, input.code);
      if (spent === "used") return codeUsed;
      return spent !== undefined;
    },
  });
  if (!(await scope.deps.repos.mfa.disable(scope.user.id))) {
    throw badRequest(mfaMessages.notEnabled);
  }
  await auditSuccess(scope, "MFA_DISABLE", scope.user);
  return { message: mfaMessages.disabled };
}

/** A right code whose step is spent: said as such, so the user waits for the next code. */
const codeUsed = { failureReason: "Code already used", message: mfaMessages.codeUsed };

/**
 * Spends a code of an enabled credential: a 6-digit code of a step not used before, or an unused
 * recovery code. Answers which it was; "used" for a code of the app that is right but whose step
 * (or a later one) was spent already, as by the set-up or a sign-in a moment ago; undefined when
 * it is neither.
 */
async function spendCode(
  deps: AppDeps,
  user: UserRow,
  secret: string,
  code: string,
): Promise<"authenticator" | "recovery" | "used" | undefined> {
  const { repos, clock } = deps;
  const now = dateOf(clock);
  const step = await matchingStep(user, secret, code, now);
  if (step !== undefined)
    return (await repos.mfa.useStep(user.id, step)) ? "authenticator" : "used";
  return (await repos.mfa.useRecoveryCode(user.id, recoveryCodeDigest(code), now))
    ? "recovery"
    : undefined;
}

/** After a right password: the token that lets `completeMfaLogin` finish the sign-in. */
export async function startMfaChallenge(scope: RequestScope, user: UserRow): Promise<MfaChallenge> {
  const token = newToken();
  const createdAt = dateOf(scope.deps.clock);
  await scope.deps.repos.mfa.createChallenge({
    tokenHash: tokenDigest(token),
    userId: user.id,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + MFA_CHALLENGE_TTL_MS),
  });
  return { mfaRequired: true, mfaToken: token };
}

/**
 * Checks the second step of a sign-in and spends its challenge; answers the user to sign in.
 * Wrong codes are counted per account, from any address (the challenge proved the password);
 * failed passwords, the owner's address's or anyone's, never refuse a right code.
 */
export async function verifyMfaLogin(
  scope: RequestScope,
  mfaToken: string,
  code: string,
): Promise<UserRow> {
  const { repos, throttles, clock } = scope.deps;
  const now = dateOf(clock);
  const challengeHash = tokenDigest(mfaToken);
  const userId = await repos.mfa.findChallenge(challengeHash, now);
  const user = userId === undefined ? undefined : await repos.users.findById(userId);
  const credential = user ? await repos.mfa.find(user.id) : undefined;
  if (!user || !credential?.enabledAt) throw badRequest(mfaMessages.challengeInvalid);

  // Only wrong codes count here: others' failed passwords from this address never refuse a
  // right code.
  const keys = loginAttemptKeys(user.email, scope.ip, user);
  const audit = { email: user.email, userId: user.id };
  if (!(await throttles.mfaCodeFailuresPerAccount.tryConsume(keys.codes))) {
    await recordAudit(scope, {
      event: "MFA_LOGIN",
      success: false,
      ...audit,
      failureReason: "Too many failed attempts",
    });
    throw tooManyRequests(messages.tooManyAttempts);
  }

  const spent = await spendCode(scope.deps, user, credential.secret, code);
  const usedRecoveryCode = spent === "recovery";
  if (spent === "used") {
    await recordAudit(scope, {
      event: "MFA_LOGIN",
      success: false,
      ...audit,
      failureReason: codeUsed.failureReason,
    });
    throw badRequest(codeUsed.message);
  }
  if (spent === undefined) {
    await repos.users.recordFailedLogin(user.id);
    await recordAudit(scope, {
      event: "MFA_LOGIN",
      success: false,
      ...audit,
      failureReason: "Wrong code",
    });
    throw badRequest(mfaMessages.codeWrong);
  }
  if (!(await repos.mfa.spendChallenge(challengeHash))) {
    throw badRequest(mfaMessages.challengeInvalid);
  }
  await forgiveFailures(throttles, keys);
  if (usedRecoveryCode) {
    const left = await repos.mfa.countUnusedRecoveryCodes(user.id);
    await recordAudit(scope, {
      event: "MFA_RECOVERY_CODE_USE",
      success: true,
      ...audit,
      details: `${left} recovery codes left`,
    });
  }
  await recordAudit(scope, {
    event: "MFA_LOGIN",
    success: true,
    ...audit,
    details: usedRecoveryCode ? "Recovery code" : "Authenticator code",
  });
  return user;
}
