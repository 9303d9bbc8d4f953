import { dateOf } from "@ledgerline/clock";
import {
  PASSWORD_RESET_TOKEN_TTL_MS,
  messages,
  type AuthUser,
  type LoginAnswer,
  type LoginInput,
  type LoginMfaInput,
  type MessageResult,
  type RegisterInput,
  type ResetPasswordInput,
} from "@ledgerline/contracts";
import type { UserRow } from "@ledgerline/db";
import { passwordResetMail } from "../platform/mail/templates";
import { withDeliveryKey } from "../platform/mail/mailer";
import { auditSuccess, auditFailure } from "../admin/audit";
import {
  countPasswordAttempt,
  forgiveFailures,
  loginAttemptKeys,
  refundPasswordAttempt,
} from "./login-throttle";
import { replacePassword } from "./credentials";
import { badRequest, conflict, tooManyRequests } from "../platform/errors";
import {
  hashForUnknownUser,
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyPassword,
} from "./passwords";
import type { RequestScope, SessionScope } from "../platform/scope";
import { startMfaChallenge, verifyMfaLogin } from "./mfa";
import { startSession } from "./sessions";
import { newToken, tokenDigest } from "./tokens";
import { toAuthUser } from "./user-views";
import { assertPasswordSignInAllowed } from "../sso/sso-settings";
import { requestLocale } from "../locale/request-locale";

export async function assertAcceptablePassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw badRequest(messages.passwordTooCommon);
}

export async function register(scope: RequestScope, input: RegisterInput): Promise<AuthUser> {
  const { repos, throttles, clock } = scope.deps;
  if (!(await throttles.registrationsPerIp.tryConsume(scope.ip ?? "unknown"))) {
    throw tooManyRequests(messages.tooManyAttempts);
  }
  await assertPasswordSignInAllowed(scope, undefined);
  await assertAcceptablePassword(input.password);
  const created = await repos.users.create(
    {
      email: input.email,
      name: input.name,
      passwordHash: await hashPassword(input.password),
      locale: input.locale ?? requestLocale(scope),
    },
    dateOf(clock),
  );
  if (!created) {
    await auditFailure(scope, "REGISTER", input.email, "Email already registered");
    throw conflict(messages.emailInUse);
  }
  const user = (await repos.users.recordLogin(created.id, dateOf(clock))) ?? created;
  const session = await startSession(scope, user);
  await auditSuccess(scope, "REGISTER", user);
  return toAuthUser(user, session.token, session.expiresAt);
}

/**
 * The same answer, status and roughly the same time for an unknown email and a wrong password.
 * Every attempt is counted (login-throttle.ts: the account from this address, the address, the
 * account) before the password is checked, so concurrent attempts (a tRPC batch, parallel
 * requests) cannot slip past the limits; a right password gives its count back. With two-factor
 * sign-in on, a right password answers a challenge instead of the user (`completeMfaLogin`
 * finishes it), whose wrong codes have a count of their own.
 */
export async function login(scope: RequestScope, input: LoginInput): Promise<LoginAnswer> {
  const { repos, throttles } = scope.deps;
  const user = await repos.users.findByEmail(input.email);
  const keys = loginAttemptKeys(input.email, scope.ip, user);
  if (!(await countPasswordAttempt(throttles, keys))) {
    await auditFailure(scope, "LOGIN", input.email, "Too many failed attempts");
    throw tooManyRequests(messages.tooManyAttempts);
  }

  const passwordMatches = await verifyPassword(
    user?.passwordHash ?? (await hashForUnknownUser()),
    input.password,
  );
  if (!user || !passwordMatches) {
    if (user) await repos.users.recordFailedLogin(user.id);
    await auditFailure(
      scope,
      "LOGIN",
      input.email,
      user ? "Wrong password" : "Unknown email",
      user?.id,
    );
    // 400, not 401: clients of the original system read every 401 as "session over".
    throw badRequest(messages.invalidCredentials);
  }

  await refundPasswordAttempt(throttles, keys);
  await assertPasswordSignInAllowed(scope, user);
  if (needsRehash(user.passwordHash)) {
    await repos.users.setPasswordHash(user.id, await hashPassword(input.password));
  }
  if (await repos.mfa.isEnabled(user.id)) return startMfaChallenge(scope, user);
  await forgiveFailures(throttles, keys);
  return signIn(scope, user);
}

/** The second step of a sign-in with two-factor on: the code (or a recovery code). */
export async function completeMfaLogin(
  scope: RequestScope,
  input: LoginMfaInput,
): Promise<AuthUser> {
  return signIn(scope, await verifyMfaLogin(scope, input.mfaToken, input.code));
}

/** Starts the session of a user whose credentials (or provider's sign-in) were right. */
export async function signIn(
  scope: RequestScope,
  user: UserRow,
  details?: string,
): Promise<AuthUser> {
  const signedIn =
    (await scope.deps.repos.users.recordLogin(user.id, dateOf(scope.deps.clock))) ?? user;
  const session = await startSession(scope, signedIn);
  await auditSuccess(scope, "LOGIN", signedIn, details);
  return toAuthUser(signedIn, session.token, session.expiresAt);
}

export async function logout(scope: SessionScope): Promise<MessageResult> {
  await scope.deps.repos.sessions.delete(scope.sessionTokenHash);
  await auditSuccess(scope, "LOGOUT", scope.user);
  return { message: "Signed out" };
}

/**
 * Always the same answer, whether or not the account exists; the mail is sent in the
 * background so the response time does not tell either.
 */
export async function requestPasswordReset(
  scope: RequestScope,
  email: string,
): Promise<MessageResult> {
  const { repos, throttles, clock, config } = scope.deps;
  const allowed =
    (await throttles.resetRequestsPerIp.tryConsume(scope.ip ?? "unknown")) &&
    (await throttles.resetRequestsPerEmail.tryConsume(email));
  if (!allowed) throw tooManyRequests(messages.tooManyAttempts);

  const user = await repos.users.findByEmail(email);
  if (!user) {
    await auditFailure(scope, "PASSWORD_RESET_REQUEST", email, "Unknown email");
    return { message: messages.forgotPasswordSent };
  }
  const token = newToken();
  const now = dateOf(clock);
  await repos.passwordResetTokens.create({
    tokenHash: tokenDigest(token),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_TOKEN_TTL_MS),
  });
  const link = new URL("/reset-password", config.appOrigin);
  link.searchParams.set("token", token);
  link.searchParams.set("email", user.email);
  scope.deps.jobs.enqueue("mail", withDeliveryKey(passwordResetMail(user, link.toString())));
  await auditSuccess(scope, "PASSWORD_RESET_REQUEST", user);
  return { message: messages.forgotPasswordSent };
}

export async function resetPassword(
  scope: RequestScope,
  input: ResetPasswordInput,
): Promise<MessageResult> {
  const { repos, clock } = scope.deps;
  await assertAcceptablePassword(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const user = await repos.passwordResetTokens.consume(
    tokenDigest(input.token),
    input.email,
    dateOf(clock),
  );
  if (!user) {
    await auditFailure(scope, "PASSWORD_RESET", input.email, "Invalid or expired token");
    throw badRequest(messages.invalidResetToken);
  }
  const revoked = await replacePassword(scope, user, passwordHash, "reset link");
  await auditSuccess(scope, "PASSWORD_RESET", user, revoked);
  return { message: messages.passwordResetSuccess };
}
