// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.doUnmock("../src/components/layout/SignedInNav");
  vi.resetModules();
});

describe("the signed-in navbar's chunk", () => {
  it("never fails the app's start or a sign-in when it does not arrive, and is asked again", async () => {
    vi.doMock("../src/components/layout/SignedInNav", () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    const { loadSignedInNav } = await import("../src/components/layout/signed-in-nav");
    await expect(loadSignedInNav()).resolves.toBeUndefined();
    vi.doUnmock("../src/components/layout/SignedInNav");
    vi.doMock("../src/components/layout/SignedInNav", () => ({ SignedInLinks: () => null }));
    await expect(loadSignedInNav()).resolves.toHaveProperty("SignedInLinks");
  });
});
