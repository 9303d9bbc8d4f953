import { timingSafeEqual } from "node:crypto";
import { dateOf } from "@ledgerline/clock";
import type * as Oidc from "openid-client";
import { recordAudit } from "../admin/audit";
import type { RequestScope } from "../platform/scope";
import { newToken, tokenDigest } from "../auth/tokens";
import { openidClient, type OidcClient } from "./oidc-client";
import { accountForIdentity, type ProviderIdentity } from "./sso-accounts";
import { SsoRefusal } from "./sso-refusal";

/** How long the reader may take at the provider (a password, a second factor, a consent). */
export const SSO_ATTEMPT_TTL_MS = 10 * 60 * 1000;
/** How long the login page has to trade the callback's one-time code for a session. */
export const SSO_HANDOFF_TTL_MS = 60 * 1000;

export interface SsoStart {
  /** The provider's authorization URL to redirect the browser to. */
  url: string;
  /** Kept by the browser (an HttpOnly cookie) so the callback proves it is the same browser. */
  state: string;
}

/** The deployment's provider, or a refusal when single sign-on is not set up. */
export function configuredClient(scope: RequestScope): OidcClient {
  const client = scope.deps.sso;
  if (!client) throw new SsoRefusal("notConfigured");
  return client;
}

async function providerConfiguration(client: OidcClient): Promise<Oidc.Configuration> {
  try {
    return await client.configuration();
  } catch (error) {
    throw new SsoRefusal("unavailable", `provider discovery failed: ${describe(error)}`);
  }
}

/**
 * Starts a sign-in: authorization code flow with PKCE (S256), a random state and nonce. The
 * verifier and nonce stay on the server (the sso_sign_ins table), keyed by the state's digest.
 */
export async function startSsoSignIn(scope: RequestScope): Promise<SsoStart> {
  const client = configuredClient(scope);
  const configuration = await providerConfiguration(client);
  const oidc = await openidClient();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const createdAt = dateOf(scope.deps.clock);
  await scope.deps.repos.ssoSignIns.startAttempt({
    tokenHash: tokenDigest(state),
    codeVerifier,
    nonce,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + SSO_ATTEMPT_TTL_MS),
  });
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: client.settings.redirectUri,
    scope: "openid email profile",
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url: url.href, state };
}

export interface SsoCallback {
  /** The callback's query string, as the provider sent it (`?code=…&state=…` or `?error=…`). */
  search: string;
  /** The state this browser was given when it started (its cookie), if it still has it. */
  browserState: string | undefined;
}

/**
 * Finishes a sign-in from the provider's answer: the state must be this browser's and spent
 * once, the code is traded with the PKCE verifier, and the ID token's signature, issuer,
 * audience, expiry and nonce are checked (openid-client). Answers a one-time code for the login
 * page, which trades it for a session (`completeSsoSignIn`). Failures count against the
 * address's sign-in limit, as wrong passwords do.
 */
export async function finishSsoSignIn(scope: RequestScope, callback: SsoCallback): Promise<string> {
  const client = configuredClient(scope);
  const { throttles, repos, clock } = scope.deps;
  const address = scope.ip ?? "unknown";
  if (!(await throttles.loginFailuresPerIp.tryConsume(address))) {
    throw await refused(scope, new SsoRefusal("tooManyAttempts", "Too many failed attempts"));
  }
  try {
    const currentUrl = new URL(client.settings.redirectUri);
    currentUrl.search = callback.search;
    const state = currentUrl.searchParams.get("state");
    if (!state || !callback.browserState || !sameText(state, callback.browserState)) {
      throw new SsoRefusal("expired", "state does not match this browser's");
    }
    const attempt = await repos.ssoSignIns.takeAttempt(tokenDigest(state), dateOf(clock));
    if (!attempt) throw new SsoRefusal("expired", "unknown, spent or expired state");
    const configuration = await providerConfiguration(client);
    const identity = await identityFrom(configuration, currentUrl, { ...attempt, state });
    const user = await accountForIdentity(scope, identity);
    await throttles.loginFailuresPerIp.refund(address);
    const code = newToken();
    const createdAt = dateOf(clock);
    await repos.ssoSignIns.startHandoff({
      tokenHash: tokenDigest(code),
      userId: user.id,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + SSO_HANDOFF_TTL_MS),
    });
    return code;
  } catch (error) {
    if (error instanceof SsoRefusal) throw await refused(scope, error);
    throw error;
  }
}

async function identityFrom(
  configuration: Oidc.Configuration,
  currentUrl: URL,
  checks: { codeVerifier: string; nonce: string; state: string },
): Promise<ProviderIdentity> {
  const oidc = await openidClient();
  let tokens: Awaited<ReturnType<typeof Oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw refusalOf(error, oidc);
  }
  const claims = tokens.claims();
  if (!claims) throw new SsoRefusal("failed", "no ID token");
  let email = stringClaim(claims.email);
  let emailVerified = claims.email_verified === true;
  let name = stringClaim(claims.name);
  if (!email) {
    // Some providers put the e-mail only in the userinfo answer, not in the ID token.
    const info = await oidc
      .fetchUserInfo(configuration, tokens.access_token, claims.sub)
      .catch((error: unknown) => {
        throw new SsoRefusal("failed", `userinfo failed: ${describe(error)}`);
      });
    email = stringClaim(info.email);
    emailVerified = info.email_verified === true;
    name ??= stringClaim(info.name);
  }
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: email?.trim().toLowerCase(),
    emailVerified,
    name: name?.trim(),
  };
}

/** What the reader is told about a failed trade of the code at the provider. */
function refusalOf(error: unknown, oidc: typeof Oidc): SsoRefusal {
  if (error instanceof oidc.AuthorizationResponseError) {
    const detail = `provider answered ${error.error}`;
    return new SsoRefusal(error.error === "access_denied" ? "denied" : "failed", detail);
  }
  if (error instanceof TypeError || isTimeout(error)) {
    return new SsoRefusal("unavailable", `token request failed: ${describe(error)}`);
  }
  return new SsoRefusal("failed", describe(error));
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

async function refused(scope: RequestScope, refusal: SsoRefusal): Promise<SsoRefusal> {
  await recordAudit(scope, {
    event: "LOGIN",
    success: false,
    failureReason: `Single sign-on: ${refusal.detail}`.slice(0, 500),
  });
  return refusal;
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** The audit log's words for a failure: openid-client names the claim that did not match. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  let claim: unknown;
  // openid-client wraps oauth4webapi's error, whose cause holds the claim that did not match.
  for (let cause: unknown = error.cause; cause && !claim;) {
    claim = (cause as { claim?: unknown }).claim;
    cause = (cause as { cause?: unknown }).cause;
  }
  return `${error.name}: ${error.message}${typeof claim === "string" ? ` (${claim})` : ""}`;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
