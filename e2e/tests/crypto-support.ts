import Database from "better-sqlite3";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { registerViaApi, signIn, type SignIn } from "./support";

/**
 * A new user of their own (tests run side by side), signed in on the page `via` the API or the
 * login form.
 */
export async function signedInCryptoUser(
  page: Page,
  request: APIRequestContext,
  via: SignIn = "api",
) {
  const user = await registerViaApi(request, "Crypto Tester");
  const token = await tokenOf(request, user.email, user.password);
  await signIn(page, user.email, user.password, via);
  return { ...user, token };
}

async function tokenOf(request: APIRequestContext, email: string, password: string) {
  const response = await request.post("/api/auth/login", { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Watches coins through the REST API (set-up for tests about something else). */
export async function watchViaApi(request: APIRequestContext, token: string, symbols: string[]) {
  for (const symbol of symbols) {
    const response = await request.post(`/api/savedcryptos/${symbol}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
  }
}

export async function buyViaApi(
  request: APIRequestContext,
  token: string,
  trade: { symbol: string; quantity: number; purchasePrice: number },
) {
  const response = await request.post("/api/cryptoportfolio", {
    headers: { authorization: `Bearer ${token}` },
    data: trade,
  });
  expect(response.status()).toBe(200);
}

/** Sells the whole position in a coin through the REST API. */
export async function sellAllViaApi(request: APIRequestContext, token: string, symbol: string) {
  const headers = { authorization: `Bearer ${token}` };
  const positions = (await (await request.get("/api/cryptoportfolio", { headers })).json()) as {
    id: number;
    symbol: string;
    quantity: number;
  }[];
  const position = positions.find((candidate) => candidate.symbol === symbol);
  expect(position).toBeDefined();
  const response = await request.post(`/api/cryptoportfolio/${position!.id}/sell`, {
    headers,
    data: { quantity: position!.quantity },
  });
  expect(response.status()).toBe(200);
}

/** Sets the price a user's watched coin was saved at, straight in the server's database. */
export function setSavedPrice(userId: number, symbol: string, price: string) {
  // eslint-disable-next-line no-restricted-properties -- the database the e2e runner created
  const database = new Database(process.env.E2E_DATABASE ?? "", { fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    const result = database
      .prepare("UPDATE saved_cryptos SET saved_price = ? WHERE user_id = ? AND symbol = ?")
      .run(price, userId, symbol);
    expect(result.changes).toBe(1);
  } finally {
    database.close();
  }
}

/** A coin's card in the given section of the page. */
export function cryptoCard(page: Page, section: string, symbol: string) {
  return page.getByRole("region", { name: section }).getByRole("article", { name: symbol });
}
