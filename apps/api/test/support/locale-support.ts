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
