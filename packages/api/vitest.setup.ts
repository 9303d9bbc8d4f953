import { beforeEach, vi } from "vitest";

// An error printed during a test is a bug the assertions did not catch.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called: ${args.map(String).join(" ")}`);
  });
});
