/**
 * Single sign-on through an OpenID Connect provider: what the login page says when the
 * provider's answer cannot sign anyone in. The API redirects to `/login?ssoError=<reason>`;
 * the page shows the reason's message.
 */
export const ssoErrorMessages = {
  denied: "Sign-in was cancelled at the provider. Try again, or sign in with your password.",
  expired: "That sign-in took too long or was already used. Start again.",
  failed: "The sign-in provider's answer could not be checked. Try again.",
  unavailable: "The sign-in provider cannot be reached right now. Try again later.",
  unverifiedEmail:
    "An account with this e-mail already exists, but the provider has not verified the e-mail, so it was not linked. Sign in with your password, or ask the provider's administrator to verify it.",
  noEmail: "The provider did not give an e-mail address, which a new account needs.",
  registrationLimit: "Too many accounts were created from this address. Try again later.",
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  notConfigured: "Single sign-on is not set up on this server.",
} as const;

export type SsoErrorReason = keyof typeof ssoErrorMessages;

export const ssoMessages = {
  /** Password sign-in refused because an admin requires single sign-on. */
  required: "Your administrator requires single sign-on. Use the single sign-on button to sign in.",
  /** The login page's one-time code was already spent, or came too late. */
  handoffInvalid: "This sign-in has expired. Start again.",
  notConfigured: ssoErrorMessages.notConfigured,
} as const;
