import { dateOf } from "@ledgerline/clock";
import type { AuthUser } from "@ledgerline/contracts";
import { expect } from "vitest";
import type { TestApp } from "./test-app";

/** Registers an account whose language is `locale`'s (decision 0070) and answers its session. */
export async function registerIn(t: TestApp, locale: string, email = `${locale}@example.com`) {
  const response = await t.request("POST", "/api/auth/register", {
    body: { email, name: "Grete", password: "correct-horse-42", locale },
  });
  expect(response.status).toBe(200);
  return response.body as unknown as AuthUser & { token: string };
}

/** A BTC alert of the token's user above a level no price reaches (note "sell half"), fired. */
export async function firedBtcAlert(t: TestApp, token: string) {
  const created = await t.request("POST", "/api/alerts", {
    token,
    body: {
      assetType: "CRYPTO",
      symbol: "BTC",
      condition: "above",
      value: "1000000000",
      note: "sell half",
    },
  });
  expect(created.status).toBe(200);
  await t.app.deps.alertEvaluator.onPrice("BTC", "CRYPTO", "2000000000", 1, dateOf(t.clock));
}
