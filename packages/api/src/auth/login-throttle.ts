import type { UserRow } from "@ledgerline/db";
import type { Throttles } from "./throttles";
import { tokenDigest } from "./tokens";

/**
 * Whose failed sign-ins an attempt counts against (issue 29): the account from this address (the
 * limit that stops guessing), the address across accounts (a ceiling far above what one office
 * or carrier's users reach, for spraying), and the account from anywhere (a ceiling for guessing
 * from many addresses). Someone failing from the owner's address on other accounts cannot lock
 * the owner out, and on the owner's account only from that address.
 *
 * The account's counts are kept per password: a new password (a reset link's) starts them
 * afresh, so the owner who proved the mailbox signs in at once from any address.
 */
export interface LoginAttemptKeys {
  address: string;
  account: string;
  accountAtAddress: string;
  /** The second step's wrong codes, per account (the challenge already proved the password). */
  codes: string;
}

export function loginAttemptKeys(
  email: string,
  ip: string | null,
  user: UserRow | undefined,
): LoginAttemptKeys {
  const password = user ? tokenDigest(user.passwordHash).slice(0, 16) : "none";
  const address = ip ?? "unknown";
  const account = `${email}|${password}`;
  return {
    address,
    account,
    accountAtAddress: `${account}|${address}`,
    codes: `${user?.id ?? email}|${password}`,
  };
}

/**
 * Counts a password attempt before the password is checked, so concurrent attempts (a tRPC
 * batch, parallel requests) cannot slip past a limit; false when any limit is reached.
 */
export async function countPasswordAttempt(
  throttles: Throttles,
  keys: LoginAttemptKeys,
): Promise<boolean> {
  const allowed = [
    await throttles.loginFailuresPerIp.tryConsume(keys.address),
    await throttles.loginFailuresPerAccountAndIp.tryConsume(keys.accountAtAddress),
    await throttles.loginFailuresPerAccount.tryConsume(keys.account),
  ];
  return allowed.every(Boolean);
}

/** A right password gives its attempt back. */
export async function refundPasswordAttempt(
  throttles: Throttles,
  keys: LoginAttemptKeys,
): Promise<void> {
  await throttles.loginFailuresPerIp.refund(keys.address);
  await throttles.loginFailuresPerAccountAndIp.refund(keys.accountAtAddress);
  await throttles.loginFailuresPerAccount.refund(keys.account);
}

/** A whole sign-in succeeded: the account's failures from this address are forgiven. */
export async function forgiveFailures(throttles: Throttles, keys: LoginAttemptKeys) {
  await throttles.loginFailuresPerAccountAndIp.reset(keys.accountAtAddress);
  await throttles.mfaCodeFailuresPerAccount.reset(keys.codes);
}
