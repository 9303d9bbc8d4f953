import { PASSWORD_MIN_LENGTH } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";

/** The spec's client checks for a new password, in its order: match first, then length. */
export function newPasswordProblem(
  password: string,
  confirmation: string,
  mismatchMessage: string,
): string | null {
  if (password !== confirmation) return mismatchMessage;
  if (password.length < PASSWORD_MIN_LENGTH) return m.password_too_short();
  return null;
}
