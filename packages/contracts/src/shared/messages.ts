import { signInMessages } from "../auth/sign-in-messages";

/**
 * Every user-facing text the spec quotes, in one place so that the web app, the API and the
 * tests agree word for word.
 */
export const messages = {
  ...signInMessages,
  passwordsDoNotMatch: "Passwords do not match",
  newPasswordsDoNotMatch: "New passwords do not match",
  passwordTooShort: "Password must be at least 6 characters long",
  passwordTooLong: "Password must be at most 128 characters long",
  passwordTooCommon: "This password is too common. Choose a less predictable one.",
  emailRequired: "Email is required",
  emailInvalid: "Enter a valid email address",
  nameRequired: "Name is required",
  passwordRequired: "Password is required",

  registrationFailed: "Registration failed",
  anErrorOccurred: "An error occurred",
  invalidResetToken: "Invalid or expired reset token",
  failedToUpdatePassword: "Failed to update password",
  failedToUpdateEmail: "Failed to update email",
  failedToDeleteAccount: "Failed to delete account",
  failedToLoadUsers: "Failed to load users",
  failedToDeleteUser: "Failed to delete user",
  failedToResetPassword: "Failed to reset password",
  failedToFetchAuditLogs: "Failed to fetch audit logs",
  failedToFetchApiKey: "Failed to fetch API key",
  failedToFetchApiSecret: "Failed to fetch API secret",

  passwordUpdated: "Password updated successfully",
  emailUpdated: "Email updated successfully",
  forgotPasswordSent:
    "If an account exists for that email, we have sent a link to reset the password. It is valid for 30 minutes.",
  resetLinkInvalid: "This password reset link is invalid or incomplete.",
  registeredUsersOnly: "Sorry, only Registered Users have access to this page.",
  sessionExtended: "Session extended 15 minutes due to activity",
  confirmDeleteUser: "Are you sure you want to delete this user?",
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  textHasNulCharacter: "Text must not contain the NUL character (\\u0000)",
  databaseUnavailable:
    "The service cannot reach its database right now. Please try again in a moment.",
  emailInUse: "That email address cannot be used",
  currentPasswordWrong: "Current password is incorrect",
  adminTargetForbidden: "Admins cannot change or delete other admin accounts",
  adminCannotSelfDelete: "Admins cannot delete their own account",
  notSignedIn: "You need to sign in",
  notAllowed: "You do not have access to this",
  userNotFound: "User not found",
} as const;

/** The refusal of a line break or another control character in text that is not free text. */
export function controlCharacterRefused(field: string): string {
  return `${field} must not contain line breaks, tabs or other control characters`;
}

/** The inactivity warning; the countdown is filled in every second. */
export function inactivityWarning(secondsLeft: number): string {
  return `You will be logged out in ${secondsLeft} seconds due to inactivity. Move the mouse or press a key to stay signed in.`;
}
