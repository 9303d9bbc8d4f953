import { resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const demo = {
  user: { email: "demo@example.com", password: "ledger-demo-2025", name: "Dana Demo" },
  admin: { email: "admin@example.com", password: "ledger-admin-2025", name: "Avery Admin" },
};

let counter = 0;
/** A unique address per call, so tests running side by side never share an account. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

/** Creates an account through the REST API (fast set-up for tests about something else). */
export async function registerViaApi(
  request: APIRequestContext,
  name = "Test User",
  password = "walnut-grove-77",
) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "-"));
  const response = await request.post("/api/auth/register", { data: { email, name, password } });
  expect(response.status()).toBe(200);
  return { email, name, password, id: ((await response.json()) as { id: number }).id };
}

/** Signs in through the login form and waits for the landing page (for tests of signing in). */
export async function login(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/landing$/);
}

/**
 * Signs in through the API, for tests about something else than signing in: the tab's next page
 * of this server opens signed in, as after the login form, without loading the form and the
 * landing page first. The session is put where the app keeps it (lib/session.ts: the tab's
 * sessionStorage, `token` and `user`) before the page's scripts run, on that one page only, so a
 * sign-out or a cleared storage later in the test stays signed out.
 */
export async function signInViaApi(page: Page, email: string, password: string) {
  const response = await page.request.post("/api/auth/login", { data: { email, password } });
  expect(response.status()).toBe(200);
  const { token, ...user } = (await response.json()) as { token: string };
  const origin = new URL(response.url()).origin;
  const seeding = await page.addInitScript(
    (session) => {
      if (location.origin !== session.origin || sessionStorage.getItem("token") !== null) return;
      sessionStorage.setItem("token", session.token);
      sessionStorage.setItem("user", session.user);
      sessionStorage.removeItem("sessionEnded");
    },
    { origin, token, user: JSON.stringify(user) },
  );
  // Removed once that page has been read (its scripts have seen the session by then).
  const opened = () => {
    if (new URL(page.url()).origin !== origin) return;
    page.off("domcontentloaded", opened);
    void seeding.dispose().catch(() => undefined);
  };
  page.on("domcontentloaded", opened);
}

/**
 * Opens the landing page, as the login form leaves it, for a test signed in through the API, and
 * waits until its loading layout has gone: the first page of a fresh tab loads the app's code and
 * its reads cold, where the form had loaded the code first.
 */
export async function openLanding(page: Page) {
  await page.goto("/landing");
  await expect(page.getByRole("status", { name: "Loading Home" })).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
}

/**
 * How a helper's new user signs in on the page: "api" through `signInViaApi`, so the test's next
 * page opens signed in (`openLanding` for the landing page); "form" through the login form,
 * leaving the tab on the landing page, for a test that needs the form's way in.
 */
export type SignIn = "form" | "api";

export async function signIn(page: Page, email: string, password: string, via: SignIn) {
  if (via === "api") await signInViaApi(page, email, password);
  else await login(page, email, password);
}

/** Opens a page of the navbar's Portfolio menu (a dropdown at 1280 px). */
export async function openPortfolioPage(
  page: Page,
  name: "Your Portfolio" | "Transaction History" | "Income" | "Taxes" | "Import" | "Accounts",
) {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Portfolio", exact: true })
    .click();
  await page.getByRole("menuitem", { name }).click();
}

/** Sees a toast, then closes it: axe would read its text mid-animation (a contrast it never has). */
export async function toastSaid(page: Page, text: string) {
  const toast = page.locator(".Toastify__toast").filter({ hasText: text });
  await expect(toast).toBeVisible();
  // Dispatched: the toast may still be sliding in, off the screen and "not stable", and on a slow
  // machine it may close itself meanwhile, leaving a click to wait for a button that is gone.
  try {
    await toast
      .getByRole("button", { name: "close" })
      .dispatchEvent("click", {}, { timeout: 5_000 });
  } catch (error) {
    if ((await toast.count()) > 0) throw error;
  }
  await expect(toast).toHaveCount(0);
}

/** No moderate, serious or critical accessibility violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const blocking = results.violations.filter((violation) => violation.impact !== "minor");
  expect(
    blocking.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

/** The newest mail to an address, read from the outbox table of the server's database. */
export async function latestMailTo(address: string): Promise<string> {
  const database = new Database(process.env.E2E_DATABASE ?? "", {
    readonly: true,
    fileMustExist: true,
  });
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      const row = database
        .prepare("SELECT body_text FROM mail_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1")
        .get(address) as { body_text: string } | undefined;
      if (row) return row.body_text;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    database.close();
  }
  throw new Error(`no mail to ${address}`);
}

/** Makes an account an administrator, in the server's database (no screen or API does that). */
export function makeAdmin(email: string) {
  const database = new Database(process.env.E2E_DATABASE ?? "", { fileMustExist: true });
  try {
    database.prepare("UPDATE users SET is_admin = 1 WHERE email = ?").run(email);
  } finally {
    database.close();
  }
}

/** A file of the built web app the server under test serves (playwright.config.ts's web root). */
export function builtWebFile(name: string): string {
  return resolve(
    process.env.E2E_WEB_ROOT ?? resolve(import.meta.dirname, "..", "..", "apps", "web", "dist"),
    name,
  );
}
