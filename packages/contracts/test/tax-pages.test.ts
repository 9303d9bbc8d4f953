import { describe, expect, it } from "vitest";
import { harvestQuery, lotsQuery, LOTS_PAGE_DEFAULT } from "../src/index";

describe("the lots' and the harvest's page", () => {
  it("is 100 rows from the start when neither limit nor cursor is given", () => {
    expect(LOTS_PAGE_DEFAULT).toBe(100);
    expect(lotsQuery.parse({})).toMatchObject({ limit: 100, open: true });
    expect(lotsQuery.parse({}).cursor).toBeUndefined();
    // A tRPC call of the harvest may send no input at all.
    expect(harvestQuery.parse(undefined)).toEqual({ limit: 100 });
  });

  it("takes a query string's limit and an empty cursor as none", () => {
    expect(lotsQuery.parse({ limit: "250", cursor: "" })).toMatchObject({ limit: 250 });
    expect(harvestQuery.parse({ limit: "7", cursor: null })).toEqual({ limit: 7, cursor: null });
  });
});
