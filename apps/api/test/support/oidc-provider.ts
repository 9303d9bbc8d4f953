import { generateKeyPairSync } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** An account at the test provider: what its ID token and userinfo say. */
export interface ProviderAccount {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account signing in with `login` (its `sub`) at the provider's login form. */
  addAccount(account: ProviderAccount): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package, as certified by the OpenID
 * Foundation) on 127.0.0.1, with one confidential client for Ledgerline's callback. Its
 * development interactions are real pages: a login form that takes any password for a known
 * `login`, a consent form, and an abort link that answers `access_denied`.
 */
export async function startOidcProvider(options: {
  redirectUri: string;
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestOidcProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const server = createServer();
  await new Promise<void>((listening) => server.listen(options.port ?? 0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = options.clientId ?? "ledgerline";
  const clientSecret = options.clientSecret ?? "ledgerline-test-client-secret-0123456789";
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
    format: "jwk",
  });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: "test-key", use: "sig", alg: "RS256" }] },
    cookies: { keys: ["test-provider-cookie-key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The e-mail in the ID token itself, as Authentik and Keycloak send it.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: account.sub,
          ...(account.email === undefined
            ? {}
            : { email: account.email, email_verified: account.emailVerified ?? false }),
          ...(account.name === undefined ? {} : { name: account.name }),
        }),
      };
    },
  });
  const handle = provider.callback();
  server.on("request", (req, res) => void handle(req, res));
  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (account) => accounts.set(account.sub, account),
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}

/**
 * Walks the provider's pages as a browser would, without one: follows its redirects with its
 * cookies, submits the login form as `login` (or aborts there with "deny") and the consent form,
 * and answers the URL the provider sends the browser back to (the app's callback).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string | { deny: true },
  redirectUri: string,
): Promise<URL> {
  const cookies = new Map<string, string>();
  let request: { url: URL; form?: URLSearchParams } = { url: new URL(authorizationUrl) };
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(request.url, {
      method: request.form ? "POST" : "GET",
      body: request.form,
      redirect: "manual",
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const [name = "", value = ""] = pair.split("=", 2);
      cookies.set(name.trim(), value);
    }
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, request.url);
      if (next.href.startsWith(redirectUri)) return next;
      request = { url: next };
      continue;
    }
    const page = await response.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (response.status !== 200 || !prompt) {
      throw new Error(
        `provider page ${request.url.href} (${response.status}): ${page.slice(0, 300)}`,
      );
    }
    if (typeof login !== "string") {
      request = { url: new URL(`${request.url.pathname}/abort`, request.url) };
    } else if (prompt === "login") {
      request = { url: request.url, form: new URLSearchParams({ prompt, login, password: "x" }) };
    } else {
      request = { url: request.url, form: new URLSearchParams({ prompt }) };
    }
  }
  throw new Error("the provider never sent the browser back");
}
