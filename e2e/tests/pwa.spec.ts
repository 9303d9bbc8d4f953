import { readFileSync, writeFileSync } from "node:fs";
import { offlineMessages } from "@ledgerline/contracts";
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { expectNoEnglish, switchToGerman } from "./language-support";
import { signedInPortfolioUser } from "./portfolio-support";
import { shootAsItIs } from "./shots";
import { builtWebFile, expectAccessible, login, registerViaApi } from "./support";

// The suite blocks service workers (playwright.config.ts); these tests are about the app's own.
test.use({ serviceWorkers: "allow" });
test.describe.configure({ timeout: 120_000 });

const serviceWorkerFile = builtWebFile("sw.js");

const dialog = (page: Page) => page.getByRole("dialog");
/** The spec's date format, as the app's other times: Mar 11, 2026, 3:04 PM. */
const asOfBanner = /^Offline, figures as of [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/;

/**
 * Waits until the app's service worker is active and controls the page: the English build's, or
 * another language's (`/sw-de.js`).
 */
async function controlledByServiceWorker(page: Page, script = "/sw.js") {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return {
            script: registration?.active?.scriptURL.replace(location.origin, ""),
            controlled: navigator.serviceWorker.controller !== null,
          };
        }),
      { timeout: 60_000 },
    )
    .toEqual({ script, controlled: true });
}

/** The texts kept for reading offline in this browser's IndexedDB, by entry. */
function keptFigures(page: Page) {
  return page.evaluate(async () => {
    // Opening a database that is not there would make an empty one, without the app's store.
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === "ledgerline-figures")) return {};
    return new Promise<Record<string, string>>((resolve, reject) => {
      const opened = indexedDB.open("ledgerline-figures");
      opened.onerror = () => reject(opened.error ?? new Error("IndexedDB did not open"));
      opened.onsuccess = () => {
        const db = opened.result;
        if (!db.objectStoreNames.contains("by-user")) return resolve({});
        const store = db.transaction("by-user").objectStore("by-user");
        const entries: Record<string, string> = {};
        const cursor = store.openCursor();
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at) return resolve(entries);
          entries[at.key as string] = at.value as string;
          at.continue();
        };
      };
    });
  });
}

const positions = (page: Page) => page.getByRole("table", { name: "Your stock positions" });

test("is installable: the browser finds its manifest, icons and service worker", async ({
  page,
  context,
  request,
}) => {
  await signedInPortfolioUser(page, request, "Installer", "form");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = (await (await request.get(href!)).json()) as {
    icons: { sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: "Ledgerline",
    short_name: "Ledgerline",
    start_url: "/landing",
    display: "standalone",
    theme_color: "#0f766e",
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`)).toEqual(
    expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
  );
  for (const colour of ["light", "dark"]) {
    await expect(
      page.locator(`meta[name="theme-color"][media="(prefers-color-scheme: ${colour})"]`),
    ).toHaveCount(1);
  }

  await controlledByServiceWorker(page);
  // Chromium's own reading: the manifest parses, and nothing stands in the way of installing.
  const cdp = await context.newCDPSession(page);
  const read = await cdp.send("Page.getAppManifest");
  expect(read.errors).toEqual([]);
  expect(read.url).toMatch(/\/manifest\.webmanifest$/);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  // Playwright's contexts are incognito ones, where Chromium never offers to install.
  expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);
});

test("opens offline with the last figures under a banner, refuses a trade, and refreshes back online", async ({
  page,
  context,
  request,
}) => {
  const user = await signedInPortfolioUser(page, request, "Offline Reader", "form");
  await user.watchStocks("AAPL");
  await user.buy("STOCK", "AAPL", "2", "180", "2026-03-02T15:00:00Z");
  await controlledByServiceWorker(page);

  // Read once online: the positions, and the watchlist.
  await page.goto("/stock-dashboard");
  await expect(page.getByRole("button", { name: "Sell Stock" })).toBeVisible();
  // Figures are saved every 5 s: a whole new page load before then would start without them.
  await expect
    .poll(async () => (await keptFigures(page))[`user-${user.id}`] ?? "", { timeout: 15_000 })
    .toContain('["watchlist","list"]');
  await page.goto("/portfolio-summary");
  await expect(positions(page).getByRole("link", { name: "AAPL" })).toBeVisible();
  await expect
    .poll(async () => Object.keys(await keptFigures(page)), { timeout: 15_000 })
    .toEqual([`user-${user.id}`]);
  // The reads a page made before its writer started (after the first paint) are written too.
  for (const read of ['["portfolioSummary","get"]', '["watchlist","list"]'])
    await expect
      .poll(async () => (await keptFigures(page))[`user-${user.id}`] ?? "", { timeout: 15_000 })
      .toContain(read);
  // Hidden (a phone locked, the app switched), a page writes what it has just read at once, not
  // at the end of its 5 s interval.
  await page.getByRole("link", { name: "Transaction History" }).click();
  await expect(page.getByRole("heading", { name: "Transaction History", level: 1 })).toBeVisible();
  // Its list read (not only the heading) must be in before the page hides: on a slow machine it
  // came later, and was written only at the end of the interval.
  await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect
    .poll(async () => (await keptFigures(page))[`user-${user.id}`] ?? "", { timeout: 2_000 })
    .toContain('["transactions","list"]');

  await context.setOffline(true);
  await page.goto("/portfolio-summary");
  await expect(page.getByRole("heading", { name: "Portfolio Summary", level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Offline/ })).toHaveText(asOfBanner);
  await expect(positions(page).getByRole("link", { name: "AAPL" })).toBeVisible();
  await expect(positions(page)).toContainText("2");
  await expectAccessible(page);
  await shootAsItIs(page, "pwa-offline-banner");
  await page.setViewportSize({ width: 390, height: 844 });
  await shootAsItIs(page, "pwa-offline-banner");
  await page.setViewportSize({ width: 1280, height: 720 });

  // Another page opened offline: the watchlist, and a trade refused with a message.
  await page.goto("/stock-dashboard");
  await expect(page.getByRole("status").filter({ hasText: /^Offline/ })).toHaveText(asOfBanner);
  await page.getByRole("button", { name: "Buy Stock" }).click();
  await dialog(page).getByLabel("Quantity to Add").fill("3");
  await dialog(page).getByLabel("Purchase Price").fill("190");
  await dialog(page).getByRole("button", { name: "Add Shares" }).click();
  await dialog(page).getByRole("button", { name: "Confirm Purchase" }).click();
  await expect(dialog(page).getByText(offlineMessages.writeRefused)).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();

  // Back online: the banner goes and the page reads afresh on its own.
  const refreshed = page.waitForResponse(
    (response) => response.url().includes("/api/trpc/") && response.ok(),
  );
  await context.setOffline(false);
  await refreshed;
  await expect(page.getByRole("status").filter({ hasText: /^Offline/ })).toHaveCount(0);
  // The refused trade was never sent, nor waited to be sent once online.
  await page.waitForTimeout(1000);
  const held = await request.get("/api/portfolio", {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(
    ((await held.json()) as { quantity: string }[]).map((position) => Number(position.quantity)),
  ).toEqual([2]);
});

test("a new version asks the reader to reload, and takes over when they do", async ({
  page,
  request,
}) => {
  await signedInPortfolioUser(page, request, "Version Reader", "form");
  await controlledByServiceWorker(page);

  // A deployment: the server now answers other bytes for the service worker. (Playwright's
  // routes do not see the browser's update check, so the built file itself changes, and is put
  // back whatever happens.)
  const original = readFileSync(serviceWorkerFile, "utf8");
  try {
    writeFileSync(serviceWorkerFile, `${original}\n// the next version\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.waiting?.state;
        }),
      )
      .toBe("installed");
    await promptsAndTakesOver(page);
  } finally {
    writeFileSync(serviceWorkerFile, original);
  }
});

/** The new version's prompt, and what its Reload does. */
async function promptsAndTakesOver(page: Page) {
  const prompt = page.getByRole("status").filter({ hasText: offlineMessages.newVersion });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await expect(prompt.getByRole("button", { name: offlineMessages.reload })).toBeVisible();
  // Until then the running version keeps the page; the new one waits.
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return Boolean(registration?.waiting) && navigator.serviceWorker.controller?.state;
    }),
  ).toBe("activated");
  await expectAccessible(page);
  await shootAsItIs(page, "pwa-new-version");
  await page.setViewportSize({ width: 390, height: 844 });
  await shootAsItIs(page, "pwa-new-version");
  await page.setViewportSize({ width: 1280, height: 720 });

  const reloaded = page.waitForEvent("load");
  await prompt.getByRole("button", { name: offlineMessages.reload }).click();
  await reloaded;
  await expect(prompt).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.waiting === null && navigator.serviceWorker.controller !== null;
      }),
    )
    .toBe(true);
}

/** A reader with AAPL who switched to German: the German build's worker controls the page. */
async function germanReaderWithWorker(page: Page, request: APIRequestContext, name: string) {
  const user = await signedInPortfolioUser(page, request, name, "form");
  await user.buy("STOCK", "AAPL", "2", "180", "2026-03-02T15:00:00Z");
  await controlledByServiceWorker(page);
  await switchToGerman(page);
  // The German build's worker takes over on its own: the page is German already, and the English
  // worker would open the English app offline (issue 36). The reader is asked nothing.
  await controlledByServiceWorker(page, "/sw-de.js");
  return user;
}

/**
 * The portfolio summary, kept for reading offline, opens offline in the page's language: its
 * heading, its offline banner and the reader's AAPL.
 */
async function opensOfflineIn(
  page: Page,
  context: BrowserContext,
  userId: number | string,
  expected: { lang: string; heading: string; banner: RegExp },
) {
  await page.goto("/portfolio-summary");
  const heading = page.getByRole("heading", { level: 1, name: expected.heading });
  await expect(heading).toBeVisible();
  const aapl = page.getByRole("link", { name: "AAPL" }).first();
  await expect(aapl).toBeVisible();
  for (const kept of ['["portfolioSummary","get"]', '"AAPL"'])
    await expect
      .poll(async () => (await keptFigures(page))[`user-${userId}`] ?? "", { timeout: 15_000 })
      .toContain(kept);
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", expected.lang);
  await expect(heading).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Offline/ })).toHaveText(
    expected.banner,
  );
  await expect(aapl).toBeVisible();
}

test("after a switch to German, the German worker takes over, and offline the app opens in German", async ({
  page,
  context,
  request,
}) => {
  const user = await germanReaderWithWorker(page, request, "Greta Offline");
  await expect(
    page.getByRole("status").filter({ hasText: "Eine neue Version ist bereit" }),
  ).toHaveCount(0);

  await opensOfflineIn(page, context, user.id, {
    lang: "de",
    heading: "Portfolioübersicht",
    banner: /^Offline, Zahlen vom /,
  });
  await expectNoEnglish(page.locator("main"));
  await context.setOffline(false);
});

test("sign-out deletes what was kept: the next reader on this browser sees none of it", async ({
  page,
  context,
  request,
}) => {
  const first = await signedInPortfolioUser(page, request, "First Reader", "form");
  await first.buy("STOCK", "AAPL", "2", "180", "2026-03-02T15:00:00Z");
  await controlledByServiceWorker(page);
  await page.goto("/portfolio-summary");
  await expect(positions(page).getByRole("link", { name: "AAPL" })).toBeVisible();
  await expect
    .poll(async () => Object.keys(await keptFigures(page)), { timeout: 15_000 })
    .toEqual([`user-${first.id}`]);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => keptFigures(page)).toEqual({});

  const second = await registerViaApi(request, "Second Reader");
  await login(page, second.email, second.password);
  await page.goto("/portfolio-summary");
  await expect(page.getByText("No stock positions in your portfolio.")).toBeVisible();
  await expect
    .poll(async () => Object.keys(await keptFigures(page)), { timeout: 15_000 })
    .toEqual([`user-${second.id}`]);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: /^Offline/ })).toHaveText(asOfBanner);
  await expect(page.getByText("No stock positions in your portfolio.")).toBeVisible();
  await expect(page.getByText("AAPL")).toHaveCount(0);
  await expect(page.getByText(first.name)).toHaveCount(0);
  await context.setOffline(false);
});

test("after a switch back to English, the English worker takes over again, and offline the app opens in English", async ({
  page,
  context,
  request,
}) => {
  const user = await germanReaderWithWorker(page, request, "Grace Offline");
  // And back: the English build's worker must take over from the German one as the German one did.
  const select = page.getByLabel("Zahlen und Daten schreiben wie in");
  const reloaded = page.waitForEvent("load");
  await select.selectOption("en-US");
  await reloaded;
  await expect(page.getByLabel("Write numbers and dates as in")).toHaveValue("en-US");
  await controlledByServiceWorker(page, "/sw.js");
  await expect(page.getByRole("status").filter({ hasText: "A new version is ready" })).toHaveCount(
    0,
  );

  await opensOfflineIn(page, context, user.id, {
    lang: "en",
    heading: "Portfolio Summary",
    banner: /^Offline, figures as of /,
  });
  await context.setOffline(false);
});
