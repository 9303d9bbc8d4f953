/**
 * Where the browser goes to sign in through the OpenID Connect provider, and where the provider
 * sends it back (the redirect URI to register there is APP_ORIGIN followed by the latter). Apart
 * from the messages, so the login page's first bundle takes only the path it links to.
 */
export const SSO_START_PATH = "/api/auth/sso/start";
export const SSO_CALLBACK_PATH = "/api/auth/sso/callback";
