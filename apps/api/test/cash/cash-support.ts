import type { CashActivity, InvestmentAccount } from "@ledgerline/contracts";
import { stocksApp } from "../support/portfolio-support";
import type { TestApp } from "../support/test-app";

/** A signed-in user on a fresh app with REST shortcuts for accounts and cash. */
export async function cashApp(onStart: (t: TestApp) => void) {
  const app = await stocksApp();
  onStart(app.t);
  const rest = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown) =>
    app.t.request(method, `/api${url}`, { token: app.token, body });
  const accounts = async () =>
    (await rest("GET", "/accounts")).body as unknown as InvestmentAccount[];
  const [main] = await accounts();
  const createAccount = async (body: Record<string, unknown>) =>
    (await rest("POST", "/accounts", body)).body as unknown as InvestmentAccount;
  const cash = async (query = "") =>
    (await rest("GET", `/cash${query}`)).body as unknown as CashActivity[];
  const balanceOf = async (accountId: number) =>
    (await accounts()).find((account) => account.id === accountId)?.cashBalance;
  return { ...app, rest, accounts, main: main!, createAccount, cash, balanceOf };
}
