import { messages, PASSWORD_MIN_LENGTH } from "@ledgerline/contracts/browser";

/** The spec's client checks for a new password, in its order: match first, then length. */
export function newPasswordProblem(
  password: string,
  confirmation: string,
  mismatchMessage: string,
): string | null {
  if (password !== confirmation) return mismatchMessage;
  if (password.length < PASSWORD_MIN_LENGTH) return messages.passwordTooShort;
  return null;
}
