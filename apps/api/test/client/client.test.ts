import { apiKeyMessages, apiKeyScopeRefused, messages } from "@ledgerline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, isLedgerlineClientError, login, TRPCClientError } from "@ledgerline/client";
import { startServer, type TestServer } from "./server";

const PASSWORD = "correct-horse-42";
const ADMIN = { email: "root@example.com", password: "admin-pass-9876" };

let server: TestServer;
let counter = 0;

beforeAll(async () => {
  server = await startServer();
  await server.createAdmin(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await server?.close();
});

/** Registers a fresh account through the client and answers its credentials. */
async function registerUser() {
  counter += 1;
  const email = `user${counter}@example.com`;
  const user = await createClient({ baseUrl: server.baseUrl }).auth.register.mutate({
    email,
    name: `User ${counter}`,
    password: PASSWORD,
  });
  return { ...user, password: PASSWORD };
}

/** Runs a call that must fail and answers its error, typed. */
async function failure(call: Promise<unknown>) {
  const error: unknown = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isLedgerlineClientError(error)) {
    throw new Error(`expected a TRPCClientError, got ${String(error)}`);
  }
  return error;
}

describe("createClient against a running server", () => {
  it("registers through auth.register and the answered token authenticates auth.session", async () => {
    const registered = await registerUser();
    expect(registered.token).toEqual(expect.any(String));
    expect(registered.isAdmin).toBe(false);

    const client = createClient({ baseUrl: server.baseUrl, token: registered.token });
    const session = await client.auth.session.query();

    expect(session).toMatchObject({ id: registered.id, email: registered.email, isAdmin: false });
    expect(session).not.toHaveProperty("token");
  });

  it("rejects auth.session without a token as UNAUTHORIZED with the server's message", async () => {
    const error = await failure(createClient({ baseUrl: server.baseUrl }).auth.session.query());

    expect(error).toBeInstanceOf(TRPCClientError);
    expect(error.data?.code).toBe("UNAUTHORIZED");
    expect(error.data?.httpStatus).toBe(401);
    expect(error.message).toBe(messages.notSignedIn);
  });

  it("sends the token as a bearer Authorization header through the given fetch", async () => {
    const { token } = await registerUser();
    const seen: { url: string; authorization: string | null }[] = [];
    const recordingFetch: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      seen.push({ url, authorization: new Headers(init?.headers).get("authorization") });
      return fetch(input, init);
    };

    await createClient({
      baseUrl: `${server.baseUrl}/`,
      token,
      fetch: recordingFetch,
    }).auth.session.query();

    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toMatch(new RegExp(`^${server.baseUrl}/api/trpc/auth\\.session\\?`));
    expect(seen[0]?.authorization).toBe(`Bearer ${token}`);
  });
});

describe("login", () => {
  it("signs in through auth.login and answers a client that is already authenticated", async () => {
    const { email, password, id } = await registerUser();

    const { client, user } = await login({ baseUrl: server.baseUrl, email, password });

    expect(user).toMatchObject({ id, email, isAdmin: false, numberOfLogins: 2 });
    expect(user.token).toEqual(expect.any(String));
    await expect(client.auth.session.query()).resolves.toMatchObject({ id, email });
  });

  it("rejects wrong credentials with the server's 'Invalid credentials' message", async () => {
    const { email } = await registerUser();

    const error = await failure(
      login({ baseUrl: server.baseUrl, email, password: "not-the-password-1" }),
    );

    expect(error.data?.code).toBe("BAD_REQUEST");
    expect(error.message).toBe(messages.invalidCredentials);
  });

  it("answers a client whose token stops working after auth.logout", async () => {
    const { email, password } = await registerUser();
    const { client } = await login({ baseUrl: server.baseUrl, email, password });

    await client.auth.logout.mutate();

    const error = await failure(client.auth.session.query());
    expect(error.data?.code).toBe("UNAUTHORIZED");
  });
});

describe("admin procedures through the client", () => {
  it("refuses users.list to a signed-in non-admin as FORBIDDEN", async () => {
    const { email, password } = await registerUser();
    const { client } = await login({ baseUrl: server.baseUrl, email, password });

    const error = await failure(client.users.list.query());

    expect(error.data?.code).toBe("FORBIDDEN");
    expect(error.data?.httpStatus).toBe(403);
    expect(error.message).toBe(messages.notAllowed);
  });

  it("lets an admin list users, including accounts registered through the client", async () => {
    const registered = await registerUser();
    const { client, user } = await login({ baseUrl: server.baseUrl, ...ADMIN });
    expect(user.isAdmin).toBe(true);

    const users = await client.users.list.query();

    expect(users.map((u) => u.email)).toEqual(
      expect.arrayContaining([ADMIN.email, registered.email]),
    );
    expect(users.find((u) => u.email === ADMIN.email)?.isAdmin).toBe(true);
  });

  it("lets an admin read the audit log with its pagination", async () => {
    const { client } = await login({ baseUrl: server.baseUrl, ...ADMIN });

    const page = await client.audit.list.query({ pageSize: 10 });

    expect(page.pagination).toMatchObject({ currentPage: 1, pageSize: 10 });
    expect(page.logs.length).toBeGreaterThan(0);
    expect(page.logs.length).toBeLessThanOrEqual(10);
  });
});

describe("an API key instead of a session", () => {
  it("reads with a read key, is refused a trade with the scope's message, and never manages keys", async () => {
    const registered = await registerUser();
    const session = createClient({ baseUrl: server.baseUrl, token: registered.token });
    const { key } = await session.apiKeys.create.mutate({
      name: "report",
      scope: "read",
      password: registered.password,
    });
    const client = createClient({ baseUrl: server.baseUrl, apiKey: key });

    const [positions, summary] = await Promise.all([
      client.portfolio.list.query(),
      client.portfolioSummary.get.query(),
    ]);
    expect(positions).toEqual([]);
    expect(summary.total.currentValue).toEqual(expect.any(String));

    const trade = await failure(client.watchlist.save.mutate({ symbol: "AAPL" }));
    expect(trade.data?.code).toBe("FORBIDDEN");
    expect(trade.message).toBe(apiKeyScopeRefused("read"));
    const manage = await failure(client.apiKeys.list.query());
    expect(manage.message).toBe(apiKeyMessages.notForKeys);
  });

  it("refuses to be made with both a token and a key", () => {
    expect(() => createClient({ baseUrl: server.baseUrl, token: "a", apiKey: "ll_b" })).toThrow(
      TypeError,
    );
  });
});
