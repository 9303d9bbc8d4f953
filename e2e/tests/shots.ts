import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";

/**
 * Screenshots are for a person to look at, never compared by the suite: a build server (CI set)
 * takes them only when SHOTS_DIR asks it to. Each costs two reloads of a page under test, which on
 * a loaded 2-core runner cost minutes and turned one slow answer into a failed landing.
 */
const shooting = !process.env.CI || Boolean(process.env.SHOTS_DIR);

/**
 * Screenshots of the page in light and dark under $SHOTS_DIR (default /tmp/shots/e2e). `prepare`
 * brings the page back to the state to show after the reload that applies the theme.
 */
export async function shootBothThemes(
  page: Page,
  name: string,
  prepare: () => Promise<void> = async () => {},
) {
  if (!shooting) return;
  const dir = shotsDir();
  const width = page.viewportSize()?.width ?? 0;
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await prepare();
    await page.screenshot({ path: join(dir, `${name}-${width}-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** Where screenshots go, made if missing. */
function shotsDir() {
  const dir = process.env.SHOTS_DIR ?? "/tmp/shots/e2e";
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A light screenshot of the whole page as it stands (an open dialog stays open). */
export async function shootAsItIs(page: Page, name: string) {
  if (!shooting) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(shotsDir(), `${name}-${width}.png`), fullPage: true });
}

/** The whole of a page at `path`, in light and dark: its cards below the fold too. */
export async function shootWholePage(page: Page, path: string, name: string) {
  if (!shooting) return;
  const width = page.viewportSize()?.width ?? 0;
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto(path);
    // Prices stream, so the network never idles: the heading, then time for the lazy cards.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForTimeout(2500);
    const file = join(shotsDir(), `${name}-${width}-${colorScheme}.png`);
    await page.screenshot({ path: file, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}
