import { execFileSync } from "node:child_process";

/**
 * How the end-to-end tests and the benchmarks start Chromium: headless in a container (no
 * sandbox, no GPU) and with nothing of its own on the network (no background requests, component
 * updates or first-run pages), so a run measures and sees only the app.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

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

/** The first of the system's Chromium builds found on PATH, if any. */
export function systemChromium(): string | undefined {
  for (const name of SYSTEM_BROWSERS) {
    const found = onPath(name);
    if (found) return found;
  }
  return undefined;
}
