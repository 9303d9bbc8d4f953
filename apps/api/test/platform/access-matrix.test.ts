import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "@ledgerline/api/rest-routes";
import { appRouter } from "@ledgerline/api/router";
import { startTestApp, type TestApp } from "../support/test-app";

type Access = "public" | "user" | "admin";

/** Every procedure's access level; a procedure missing here fails the first test. */
const procedureAccess: Record<string, Access> = {
  "auth.register": "public",
  "alerts.list": "user",
  "alerts.create": "user",
  "alerts.delete": "user",
  "driftAlerts.list": "user",
  "driftAlerts.set": "user",
  "driftAlerts.delete": "user",
  "notifications.list": "user",
  "notifications.markRead": "user",
  "auth.login": "public",
  "auth.loginMfa": "public",
  "auth.logout": "user",
  "auth.session": "user",
  "auth.forgotPassword": "public",
  "auth.resetPassword": "public",
  "account.updatePassword": "user",
  "account.updateEmail": "user",
  "account.delete": "user",
  "displayCurrency.get": "user",
  "displayCurrency.set": "user",
  "displayCurrency.rates": "user",
  "locale.get": "user",
  "locale.set": "user",
  "apiKeys.list": "user",
  "apiKeys.create": "user",
  "apiKeys.revoke": "user",
  "mfa.status": "user",
  "mfa.setup": "user",
  "mfa.enable": "user",
  "mfa.disable": "user",
  "passkeys.signInOptions": "public",
  "passkeys.signIn": "public",
  "passkeys.list": "user",
  "passkeys.registrationOptions": "user",
  "passkeys.create": "user",
  "passkeys.delete": "user",
  "users.list": "admin",
  "users.delete": "admin",
  "users.resetPassword": "admin",
  "audit.list": "admin",
  "jobs.list": "admin",
  "jobs.failed": "admin",
  "jobs.retry": "admin",
  "jobs.remove": "admin",
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
  "live.quotes": "user",
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
  "corporateActions.list": "user",
  "corporateActions.resync": "admin",
  "investmentAccounts.list": "user",
  "investmentAccounts.create": "user",
  "investmentAccounts.update": "user",
  "investmentAccounts.delete": "user",
  "investmentAccounts.reconcile": "user",
  "transfers.create": "user",
  "cash.list": "user",
  "cash.create": "user",
  "cash.update": "user",
  "cash.delete": "user",
  "income.list": "user",
  "income.create": "user",
  "income.update": "user",
  "income.delete": "user",
  "income.calendar": "user",
  "income.forecast": "user",
  "tax.lots": "user",
  "tax.realized": "user",
  "tax.form8949": "user",
  "tax.harvest": "user",
  "tax.methodPreview": "user",
  "portfolioSummary.get": "user",
  "portfolioSummary.history": "user",
  "portfolioSummary.historyUpdate": "user",
  "portfolioSummary.performance": "user",
  "portfolioSummary.holdingPerformance": "user",
  "overview.counts": "user",
  "watchlist.list": "user",
  "watchlist.save": "user",
  "watchlist.remove": "user",
  "portfolio.list": "user",
  "portfolio.buy": "user",
  "portfolio.buyMore": "user",
  "portfolio.sell": "user",
  "import.detect": "user",
  "import.preview": "user",
  "import.run": "user",
  "import.start": "user",
  "import.status": "user",
  "import.latest": "user",
  "import.cancel": "user",
  "import.progress": "user",
  "import.mappings": "user",
  "import.saveMapping": "user",
  "import.deleteMapping": "user",
  "classifications.get": "user",
  "classifications.set": "user",
  "classifications.clear": "user",
  "insights.allocation": "user",
  "insights.risk": "user",
  "insights.monthlyReturns": "user",
  "targets.get": "user",
  "targets.set": "user",
  "targets.rebalance": "user",
  "sso.provider": "public",
  "sso.complete": "public",
  "sso.settings": "admin",
  "sso.updateSettings": "admin",
};

/**
 * What an API key may call beyond every other signed-in procedure (which a `read` key may call
 * when it is a query): trades and watchlist changes with a `trade` key; the account, keys,
 * sign-out and administration never.
 */
const tradeProcedures = [
  "portfolio.buy",
  "portfolio.buyMore",
  "portfolio.sell",
  "cryptoPortfolio.buy",
  "cryptoPortfolio.buyMore",
  "cryptoPortfolio.sell",
  "watchlist.save",
  "watchlist.remove",
  "cryptoWatchlist.save",
  "cryptoWatchlist.remove",
  "investmentAccounts.create",
  "investmentAccounts.update",
  "investmentAccounts.delete",
  "investmentAccounts.reconcile",
  "transfers.create",
  "cash.create",
  "cash.update",
  "cash.delete",
  "classifications.set",
  "classifications.clear",
  "targets.set",
];
const neverWithKey = [
  "auth.logout",
  "auth.session",
  "account.updatePassword",
  "account.updateEmail",
  "account.delete",
  "apiKeys.list",
  "apiKeys.create",
  "apiKeys.revoke",
  "mfa.status",
  "mfa.setup",
  "mfa.enable",
  "mfa.disable",
  "passkeys.list",
  "passkeys.registrationOptions",
  "passkeys.create",
  "passkeys.delete",
];

let t: TestApp;
let adminPassword: string;
/** Keys of the admin: an admin's key acts with user rights only. */
const adminKeys = { read: "", trade: "" };

beforeAll(async () => {
  t = await startTestApp({
    // Every procedure and path is called several times from one address within a minute.
    env: { API_RATE_LIMIT_PER_MINUTE: "100000" },
    throttleLimits: { registrationsPerIp: [10_000, 3600] },
  });
  const admin = await t.createAdmin("root@example.com");
  adminPassword = admin.password;
  for (const scope of ["read", "trade"] as const) {
    const created = await t.request("POST", "/api/api-keys", {
      token: admin.token,
      body: { name: `matrix ${scope}`, scope, password: admin.password },
    });
    adminKeys[scope] = created.body?.key as string;
  }
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

/** Queries and subscriptions are both GETs on the tRPC door. */
function procedureKind(path: string): "query" | "mutation" {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: string } }
  >;
  return procedures[path]?._def.type === "mutation" ? "mutation" : "query";
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

describe("tRPC access with an API key", () => {
  const signedIn = Object.entries(procedureAccess).filter(([, access]) => access !== "public");

  it.each(signedIn)("%s (%s) takes the key its declaration allows", async (path, access) => {
    const kind = procedureKind(path);
    const never = access === "admin" || neverWithKey.includes(path);
    const needsTrade = kind === "mutation" || tradeProcedures.includes(path);
    const withRead = await t.trpc(kind, path, undefined, adminKeys.read);
    const withTrade = await t.trpc(kind, path, undefined, adminKeys.trade);
    expect(withRead.status === 403, `read key: ${JSON.stringify(withRead.body)}`).toBe(
      never || needsTrade,
    );
    expect(withTrade.status === 403, `trade key: ${JSON.stringify(withTrade.body)}`).toBe(
      never || (kind === "mutation" && !tradeProcedures.includes(path)),
    );
    for (const response of [withRead, withTrade]) expect(response.status).toBeLessThan(500);
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
