import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../src/rest/routes";
import { appRouter } from "../src/trpc/router";
import { startTestApp, type TestApp } from "./support/test-app";

type Access = "public" | "user" | "admin";

/** Every procedure's access level; a procedure missing here fails the first test. */
const procedureAccess: Record<string, Access> = {
  "auth.register": "public",
  "auth.login": "public",
  "auth.logout": "user",
  "auth.session": "user",
  "auth.forgotPassword": "public",
  "auth.resetPassword": "public",
  "account.updatePassword": "user",
  "account.updateEmail": "user",
  "account.delete": "user",
  "users.list": "admin",
  "users.delete": "admin",
  "users.resetPassword": "admin",
  "audit.list": "admin",
  "logs.create": "public",
  "market.snapshot": "user",
  "market.snapshots": "user",
  "market.search": "user",
  "market.details": "user",
  "market.related": "user",
  "market.news": "user",
  "market.history": "user",
  "market.movers": "user",
  "market.summary": "user",
  "market.status": "user",
  "crypto.quote": "user",
  "crypto.quotes": "user",
  "crypto.currencies": "user",
  "crypto.history": "user",
  "cryptoWatchlist.list": "user",
  "cryptoWatchlist.save": "user",
  "cryptoWatchlist.remove": "user",
  "cryptoPortfolio.list": "user",
  "cryptoPortfolio.buy": "user",
  "cryptoPortfolio.buyMore": "user",
  "cryptoPortfolio.sell": "user",
  "adminMarket.storeMovers": "admin",
  "adminMarket.secret": "admin",
  "transactions.list": "user",
  "transactions.batch": "user",
  "portfolioSummary.get": "user",
  "portfolioSummary.history": "user",
  "overview.counts": "user",
  "watchlist.list": "user",
  "watchlist.save": "user",
  "watchlist.remove": "user",
  "portfolio.list": "user",
  "portfolio.buy": "user",
  "portfolio.buyMore": "user",
  "portfolio.sell": "user",
};

let t: TestApp;
let adminPassword: string;

beforeAll(async () => {
  t = await startTestApp({ throttleLimits: { registrationsPerIp: [10_000, 3600] } });
  adminPassword = (await t.createAdmin("root@example.com")).password;
});
afterAll(() => t.close());

/** Fresh sessions per case, since logout and delete end the session they are called with. */
async function freshTokens() {
  const userToken = (await t.registerUser()).token;
  const login = await t.request("POST", "/api/auth/login", {
    body: { email: "root@example.com", password: adminPassword },
  });
  return { userToken, adminToken: login.body?.token as string };
}

function procedureKind(path: string): "query" | "mutation" {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: string } }
  >;
  return procedures[path]?._def.type === "query" ? "query" : "mutation";
}

describe("tRPC access", () => {
  it("declares the access of every procedure", () => {
    expect(Object.keys(appRouter._def.procedures).sort()).toEqual(
      Object.keys(procedureAccess).sort(),
    );
  });

  it.each(Object.entries(procedureAccess))("%s is %s", async (path, access) => {
    const { userToken, adminToken } = await freshTokens();
    const kind = procedureKind(path);
    const anonymous = await t.trpc(kind, path, undefined);
    const asUser = await t.trpc(kind, path, undefined, userToken);
    const asAdmin = await t.trpc(kind, path, undefined, adminToken);
    if (access === "public") {
      expect([anonymous.status, asUser.status]).not.toContain(401);
      expect([anonymous.status, asUser.status]).not.toContain(403);
    } else {
      expect(anonymous.status).toBe(401);
      if (access === "admin") expect(asUser.status).toBe(403);
      else expect(asUser.status).not.toBe(403);
    }
    expect(asAdmin.status).not.toBe(401);
    // Nothing answers a 5xx for a missing input.
    for (const response of [anonymous, asUser, asAdmin]) expect(response.status).toBeLessThan(500);
  });
});

describe("REST access", () => {
  it.each(
    restRoutes.map((route) => [`${route.method} ${route.url}`, route.access, route] as const),
  )("%s is %s", async (_name, access, route) => {
    const { userToken } = await freshTokens();
    const url = `/api${route.url.replace(":id", "123456")}`;
    const anonymous = await t.request(route.method, url, {
      body: route.method === "GET" ? undefined : {},
    });
    const asUser = await t.request(route.method, url, {
      token: userToken,
      body: route.method === "GET" ? undefined : {},
    });
    if (access === "public") {
      expect(anonymous.status).not.toBe(401);
    } else {
      expect(anonymous.status).toBe(401);
      expect(anonymous.body?.message).toBe("You need to sign in");
      if (access === "admin") expect(asUser.status).toBe(403);
    }
    for (const response of [anonymous, asUser]) expect(response.status).toBeLessThan(500);
  });
});
