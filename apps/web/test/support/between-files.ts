import { afterAll, vi } from "vitest";

/**
 * After each test file in a shared worker (vite.config.ts, `isolate: false`): what a fresh worker
 * would have given the next file, and a file may have left behind. Vitest itself restores the
 * spies (`vi.restoreAllMocks()` after each file); modules stay loaded, which is the point.
 */
afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (typeof document === "undefined") return;
  // Unmounts what the file rendered (its React roots), then empties the page.
  const { cleanup } = await import("@testing-library/react");
  cleanup();
  document.head.innerHTML = "";
  document.body.innerHTML = "";
  for (const element of [document.documentElement, document.body])
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  document.title = "";
  localStorage.clear();
  sessionStorage.clear();
});
