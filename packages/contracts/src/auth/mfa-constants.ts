/** Two-factor sign-in (TOTP, RFC 6238): what the web app and the API say. */
export const MFA_RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may take after the password was right. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const MFA_ISSUER = "Ledgerline";

export const mfaMessages = {
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code",
  codeWrong: "That code is not right. Enter the current code from your app, or a recovery code.",
  /** A right code of a 30-second step already spent (say, by the set-up or a sign-in just now). */
  codeUsed:
    "That code was just used. Wait for the next code in your app (a new one comes every 30 seconds) and enter it.",
  alreadyEnabled: "Two-factor sign-in is already on",
  notSetUp: "Start the two-factor set-up first",
  notEnabled: "Two-factor sign-in is not on",
  challengeInvalid: "This sign-in has expired. Enter your email and password again.",
  adminMfaRequired: "Turn on two-factor sign-in in account settings before using admin features",
  disabled: "Two-factor sign-in is off",
} as const;
