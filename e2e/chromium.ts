import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { systemChromium } from "@ledgerline/chromium";
import { chromium } from "@playwright/test";

/**
 * The browser the end-to-end tests drive: CHROMIUM_PATH if set, else the system's Chromium,
 * else Playwright's own build, downloaded once when missing (a machine that cannot download
 * it needs one of the first two).
 */
export function resolveChromium(configured: string | undefined): string {
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist.`);
    return configured;
  }
  const system = systemChromium();
  if (system) return system;
  const bundled = chromium.executablePath();
  if (!existsSync(bundled)) {
    console.warn(
      "No Chromium on this machine (CHROMIUM_PATH unset, none on PATH): installing Playwright's own build.",
    );
    execSync("npx playwright install chromium", { stdio: "inherit" });
  }
  return bundled;
}
