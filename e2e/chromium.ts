import { execFileSync, execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/** The system's Chromium under its usual names (Debian, Ubuntu, Fedora, Arch, Google's build). */
const SYSTEM_BROWSERS = ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"];

function onPath(command: string): string | undefined {
  try {
    const found = execFileSync("sh", ["-c", `command -v ${command}`], { encoding: "utf8" }).trim();
    return found || undefined;
  } catch {
    return undefined;
  }
}

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
  for (const name of SYSTEM_BROWSERS) {
    const found = onPath(name);
    if (found) return found;
  }
  const bundled = chromium.executablePath();
  if (!existsSync(bundled)) {
    console.warn(
      "No Chromium on this machine (CHROMIUM_PATH unset, none on PATH): installing Playwright's own build.",
    );
    execSync("npx playwright install chromium", { stdio: "inherit" });
  }
  return bundled;
}
