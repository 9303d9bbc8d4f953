import type * as oidc from "openid-client";

/**
 * openid-client, loaded with the first sign-in's need of it: with oauth4webapi and jose it holds
 * ~0.7 MB of heap, which a server without single sign-on (or before the first one) does without
 * (issue 35).
 */
let library: Promise<typeof oidc> | undefined;

export function openidClient(): Promise<typeof oidc> {
  library ??= import("openid-client");
  return library;
}

/** The deployment's OpenID Connect provider and this app's client there (OIDC_* settings). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the login page's button: "Sign in with <name>". */
  name: string;
  /** Where the provider sends the browser back: APP_ORIGIN/api/auth/sso/callback. */
  redirectUri: string;
}

export interface OidcClient {
  readonly settings: OidcSettings;
  /** The provider's metadata and keys, fetched on first use (and again after a failed try). */
  configuration(): Promise<oidc.Configuration>;
}

/** Seconds one call to the provider may take before the sign-in says it cannot reach it. */
const PROVIDER_TIMEOUT_S = 10;

export function oidcClient(settings: OidcSettings): OidcClient {
  let discovered: Promise<oidc.Configuration> | undefined;
  const discover = async () => {
    const oidc = await openidClient();
    const issuer = new URL(settings.issuer);
    // env.ts allows plain http only for a provider on this machine (a test's or a dev's).
    const execute = issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : [];
    return oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
      execute,
      timeout: PROVIDER_TIMEOUT_S,
    });
  };
  return {
    settings,
    configuration() {
      discovered ??= discover().catch((error: unknown) => {
        // A provider that was down at the first sign-in is asked again at the next.
        discovered = undefined;
        throw error;
      });
      return discovered;
    },
  };
}
