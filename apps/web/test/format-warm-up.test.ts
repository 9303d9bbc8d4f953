// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe("a signed-in page's first query", () => {
  it("builds the dollar format in a task of its own while the answer is awaited, not in a render", async () => {
    const Real = Intl.NumberFormat;
    const built = vi.spyOn(Intl, "NumberFormat").mockImplementation(function (...args) {
      return new Real(...args);
    });
    const { queryClient } = await import("../src/lib/query-client");
    expect(built).not.toHaveBeenCalled();

    let answer = (_value: string) => {};
    const pending = queryClient.fetchQuery({
      queryKey: ["first"],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    expect(built).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(built).toHaveBeenCalledTimes(1));
    answer("done");
    await pending;

    // The page's figures then use the format built: no second one.
    const { formatCurrency } = await import("../src/lib/format");
    expect(formatCurrency("12.5")).toBe("$12.50");
    expect(built).toHaveBeenCalledTimes(1);
  });
});
