import type { AppRouter } from "@ledgerline/api";
import { createTRPCClient, httpBatchLink, TRPCClientError, type TRPCClient } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";

export type { AppRouter };
export { TRPCClientError };

/** Every procedure's input, e.g. `RouterInputs["audit"]["list"]`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
/** Every procedure's output, e.g. `RouterOutputs["users"]["list"]`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The typed tRPC client: `client.users.list.query()`, `client.auth.logout.mutate()`, ... */
export type LedgerlineClient = TRPCClient<AppRouter>;

/** The signed-in user as login and register answer it, bearer token included. */
export type AuthUser = RouterOutputs["auth"]["loginMfa"];

/** What a failed call rejects with; `data.code` is the tRPC code, `message` the server's text. */
export type LedgerlineClientError = TRPCClientError<AppRouter>;

export interface ClientOptions {
  /** The server's origin, e.g. `http://localhost:3000`; tRPC is reached at `<baseUrl>/api/trpc`. */
  baseUrl: string;
  /** A session token (from `login` or `auth.register`), sent as `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /**
   * A personal API key (`ll_...`, created in account settings), sent the same way. Its scope
   * limits it: `read` queries only, `trade` also trades and watchlist changes; never the account,
   * keys or administration. Give a `token` or an `apiKey`, not both.
   */
  apiKey?: string | undefined;
  /** A fetch implementation; the global one by default. */
  fetch?: typeof globalThis.fetch | undefined;
}

export interface LoginOptions extends Omit<ClientOptions, "token" | "apiKey"> {
  email: string;
  password: string;
  /** With two-factor sign-in on: the authenticator app's current code, or a recovery code. */
  mfaCode?: string | undefined;
}

export interface LoginResult {
  /** A client that sends the new session's token with every call. */
  client: LedgerlineClient;
  user: AuthUser;
}

/** The tRPC endpoint under a server origin; rejects anything that is not an http(s) URL. */
export function trpcUrl(baseUrl: string): string {
  const invalid = new TypeError(
    `baseUrl must be an absolute http(s) URL such as http://localhost:3000, not "${baseUrl}"`,
  );
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw invalid;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw invalid;
  if (url.search || url.hash) {
    throw new TypeError("baseUrl must not carry a query string or fragment");
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}/api/trpc`;
}

/**
 * A typed client for the Ledgerline API over HTTP. Queries are batched into one request per tick.
 * A failed call rejects with a `TRPCClientError` whose `message` is the server's message (e.g.
 * "You need to sign in") and whose `data.code` / `data.httpStatus` say what kind of failure it was.
 */
export function createClient(options: ClientOptions): LedgerlineClient {
  const url = trpcUrl(options.baseUrl);
  if (options.token && options.apiKey) {
    throw new TypeError("Give a token or an apiKey, not both");
  }
  const credential = options.token ?? options.apiKey;
  const headers: Record<string, string> = credential
    ? { authorization: `Bearer ${credential}` }
    : {};
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url,
        headers,
        // Long batches of GET queries are split rather than sent as one oversized URL.
        maxURLLength: 2000,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    ],
  });
}

/**
 * Signs in through `auth.login` and answers the user with a client that is already authenticated.
 * Wrong credentials reject with a `TRPCClientError` (code `UNAUTHORIZED`, "Invalid credentials").
 */
export async function login(options: LoginOptions): Promise<LoginResult> {
  const { email, password, mfaCode, ...connection } = options;
  const anonymous = createClient(connection);
  const answer = await anonymous.auth.login.mutate({ email, password });
  let user: AuthUser;
  if ("mfaRequired" in answer) {
    if (!mfaCode) {
      throw new Error(
        "Two-factor sign-in is on for this account: pass mfaCode, or use an API key instead",
      );
    }
    user = await anonymous.auth.loginMfa.mutate({ mfaToken: answer.mfaToken, code: mfaCode });
  } else {
    user = answer;
  }
  return { client: createClient({ ...connection, token: user.token }), user };
}

/** Narrows an unknown rejection (e.g. in a `catch`) to the client's typed error. */
export function isLedgerlineClientError(error: unknown): error is LedgerlineClientError {
  return error instanceof TRPCClientError;
}
