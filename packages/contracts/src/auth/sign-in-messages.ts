/**
 * The sign-in page's own texts, apart from `messages` (which spreads them in): the page is a
 * first visit's, within its 106.5 KB of JavaScript, and the whole list costs it a kilobyte.
 */
export const signInMessages = {
  invalidCredentials: "Invalid credentials",
  passwordResetSuccess:
    "Password has been reset successfully. Please login with your new password.",
} as const;
