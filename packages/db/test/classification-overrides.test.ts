import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRepositories, type Repositories } from "../src";
import { testDialects } from "../src/testing";

const now = new Date("2026-03-02T15:00:00Z");

describe.each(await testDialects("the classification overrides repository tests"))(
  "on $name",
  (dialect) => {
    let handle: Awaited<ReturnType<typeof dialect.open>>;
    let repos: Repositories;
    let userId: number;
    let otherUserId: number;

    beforeEach(async () => {
      handle = await dialect.open();
      repos = createRepositories(handle);
      const user = (email: string) =>
        repos.users.create({ email, name: "A", passwordHash: "h" }, now);
      userId = (await user("a@example.com"))!.id;
      otherUserId = (await user("b@example.com"))!.id;
    });
    afterEach(() => handle.close());

    it("keeps one override per symbol, replaced by the next, and only for its owner", async () => {
      const { classificationOverrides: overrides } = repos;
      expect(
        await overrides.put(
          userId,
          { assetType: "STOCK", symbol: "AAPL", override: { sector: "consumer-discretionary" } },
          5,
          now,
        ),
      ).toBe(true);
      await overrides.put(
        userId,
        { assetType: "STOCK", symbol: "AAPL", override: { country: "IE", marketCap: null } },
        5,
        now,
      );
      await overrides.put(
        userId,
        { assetType: "CRYPTO", symbol: "ETH", override: { category: "defi" } },
        5,
        now,
      );
      expect(await overrides.get(userId, "STOCK", "AAPL")).toEqual({
        country: "IE",
        marketCap: null,
      });
      expect(await overrides.get(otherUserId, "STOCK", "AAPL")).toBeUndefined();
      expect(await overrides.list(userId)).toEqual([
        { assetType: "CRYPTO", symbol: "ETH", override: { category: "defi" } },
        { assetType: "STOCK", symbol: "AAPL", override: { country: "IE", marketCap: null } },
      ]);
      expect(await overrides.remove(otherUserId, "STOCK", "AAPL")).toBe(false);
      expect(await overrides.remove(userId, "STOCK", "AAPL")).toBe(true);
      expect(await overrides.list(userId)).toHaveLength(1);
    });

    it("refuses a new symbol past the limit but still replaces a kept one", async () => {
      const { classificationOverrides: overrides } = repos;
      const put = (symbol: string) =>
        overrides.put(
          userId,
          { assetType: "CRYPTO", symbol, override: { category: "meme" } },
          2,
          now,
        );
      expect(await put("DOGE")).toBe(true);
      expect(await put("SHIB")).toBe(true);
      expect(await put("PEPE")).toBe(false);
      expect(await put("SHIB")).toBe(true);
      expect(await overrides.list(userId)).toHaveLength(2);
    });
  },
);
