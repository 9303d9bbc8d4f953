import { afterEach, vi } from "vitest";

// A console.error during a test means something went wrong that the test did not look at.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors;
  errors = [];
  vi.useRealTimers();
  if (seen.length > 0)
    throw new Error(
      `console.error was called: ${seen.map((args) => args.map(String).join(" ")).join("\n")}`,
    );
});
