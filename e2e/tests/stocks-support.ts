import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { registerViaApi, signIn, type SignIn } from "./support";

/**
 * A new user, signed in on the page `via` the API or the form, with a bearer token for fast set-up
 * through the REST API.
 */
export async function signedInStockUser(
  page: Page,
  request: APIRequestContext,
  name = "Stock Tester",
  via: SignIn = "api",
) {
  const user = await registerViaApi(request, name);
  const response = await request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
  });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await signIn(page, user.email, user.password, via);
  const headers = { authorization: `Bearer ${token}` };

  return {
    ...user,
    token,
    async watch(...symbols: string[]) {
      for (const symbol of symbols) {
        const saved = await request.post(`/api/savedstocks/${symbol}`, { headers, data: {} });
        expect(saved.status()).toBe(200);
      }
    },
    /** A buy, into the default account unless `accountId` names another. */
    async buy(symbol: string, quantity: number, purchasePrice: number, accountId?: number) {
      const bought = await request.post("/api/portfolio", {
        headers,
        data: { symbol, quantity, purchasePrice, ...(accountId ? { accountId } : {}) },
      });
      expect(bought.status()).toBe(200);
      return (await bought.json()) as { position: { id: number; quantity: number } };
    },
    /** A new investment account (`POST /api/accounts`), answered with its id. */
    async addAccount(name: string, fields: { type?: string; cashTracked?: boolean } = {}) {
      const added = await request.post("/api/accounts", { headers, data: { name, ...fields } });
      expect(added.status()).toBe(200);
      return (await added.json()) as { id: number; name: string };
    },
    async accounts() {
      const response = await request.get("/api/accounts", { headers });
      return (await response.json()) as { id: number; name: string; cashBalance: string }[];
    },
    /** A dividend received, added by hand (`POST /api/income`). */
    async addDividend(entry: {
      symbol: string;
      exDate: string;
      payDate: string;
      quantity: string;
      amountPerShare: string;
      accountId?: number;
    }) {
      const added = await request.post("/api/income", { headers, data: entry });
      expect(added.status()).toBe(200);
    },
    /** The positions of every account, or of one. */
    async positions(accountId?: number) {
      const response = await request.get(
        accountId ? `/api/portfolio?accountId=${accountId}` : "/api/portfolio",
        { headers },
      );
      return (await response.json()) as {
        symbol: string;
        quantity: number;
        averagePurchasePrice: number;
      }[];
    },
  };
}

/** A stock's card on the dashboard or the search page, found by its symbol heading. */
export const stockCard = (page: Page, symbol: string) =>
  page.getByRole("article", { name: symbol, exact: true });
