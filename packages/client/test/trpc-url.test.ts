import { describe, expect, it } from "vitest";
import { trpcUrl } from "../src/index";

describe("trpcUrl", () => {
  it("puts the tRPC endpoint under the server origin, with or without a trailing slash", () => {
    expect(trpcUrl("http://localhost:3000")).toBe("http://localhost:3000/api/trpc");
    expect(trpcUrl("http://localhost:3000/")).toBe("http://localhost:3000/api/trpc");
  });

  it("keeps a path prefix for a server mounted below the root by a proxy", () => {
    expect(trpcUrl("https://tools.example/ledgerline//")).toBe(
      "https://tools.example/ledgerline/api/trpc",
    );
  });

  it("rejects a base URL that is not an absolute http(s) URL", () => {
    for (const baseUrl of ["localhost:3000", "/api", "", "ftp://files.example"]) {
      expect(() => trpcUrl(baseUrl)).toThrow(`baseUrl must be an absolute http(s) URL`);
    }
    expect(() => trpcUrl("http://localhost:3000?x=1")).toThrow(/query string/);
  });
});
