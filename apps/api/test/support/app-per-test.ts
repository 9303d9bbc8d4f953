import { afterEach, vi } from "vitest";
import type { TestApp } from "./test-app";

/**
 * A test file's app, one per test: its `setUp` opens the app through `open`, and after each test
 * the app is closed and any spy restored. `t` is the open app, for a test that reaches into it.
 */
export function appPerTest() {
  let current: TestApp | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await current?.close();
    current = undefined;
  });
  return {
    async open<A extends { t: TestApp }>(opening: Promise<A>): Promise<A> {
      const app = await opening;
      current = app.t;
      return app;
    },
    get t(): TestApp {
      if (!current) throw new Error("No test app is open: call setUp first");
      return current;
    },
  };
}
