import { dateOf } from "@ledgerline/clock";
import { ssoMessages, type LoginAnswer } from "@ledgerline/contracts";
import { signIn } from "../auth/auth";
import { startMfaChallenge } from "../auth/mfa";
import { tokenDigest } from "../auth/tokens";
import { badRequest } from "../platform/errors";
import type { RequestScope } from "../platform/scope";

/**
 * The login page trades the callback's one-time code for a session, started exactly as a
 * password sign-in starts one (the same token, login count and audit entry). With two-factor
 * sign-in on, the answer is the same challenge a right password gets: the code is still owed.
 */
export async function completeSsoSignIn(scope: RequestScope, code: string): Promise<LoginAnswer> {
  const { repos, clock } = scope.deps;
  const user = await repos.ssoSignIns.takeHandoff(tokenDigest(code), dateOf(clock));
  if (!user) throw badRequest(ssoMessages.handoffInvalid);
  if (await repos.mfa.isEnabled(user.id)) return startMfaChallenge(scope, user);
  return signIn(scope, user, "Through single sign-on");
}
