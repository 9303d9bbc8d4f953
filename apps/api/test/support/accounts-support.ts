import type { InvestmentAccount } from "@ledgerline/contracts";
import { expect } from "vitest";
import { stocksRestApp } from "./portfolio-support";
import type { TestAppOptions } from "./test-app";

/**
 * A signed-in user on a fresh app with two investment accounts, Main (the default) and an IRA,
 * and a REST shortcut under /api with the user's token.
 */
export async function twoAccountsApp(options: TestAppOptions = {}) {
  const app = await stocksRestApp(options);
  const { rest } = app;
  const [main] = (await rest("GET", "/accounts")).body as unknown as InvestmentAccount[];
  const created = await rest("POST", "/accounts", { name: "IRA", type: "ira" });
  expect(created.status).toBe(200);
  return { ...app, main: main!, ira: created.body as unknown as InvestmentAccount };
}
