/** Passkeys (WebAuthn): what the web app and the API say. */
export const PASSKEY_NAME_MAX_LENGTH = 60;
/** How long a passkey ceremony (the browser's prompt) may take before its challenge expires. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

export const passkeyMessages = {
  nameRequired: "Give the passkey a name",
  nameTooLong: `A passkey's name can be at most ${PASSKEY_NAME_MAX_LENGTH} characters`,
  responseInvalid: "The passkey's answer could not be read. Try again.",
  /** The challenge was never issued, was used already, or expired. */
  challengeInvalid: "This passkey prompt has expired. Try again.",
  notVerified: "The passkey could not be verified. Try again.",
  unknown: "This passkey is not registered. Sign in with your email and password.",
  alreadyRegistered: "This passkey is already registered",
  noPasskeys: "This account has no passkey. Enter a code from your authenticator app.",
  notFound: "No passkey with that id",
  removed: "Passkey removed",
  cancelled: "The passkey prompt was closed before it finished",
  unsupported: "This browser cannot use passkeys",
} as const;
