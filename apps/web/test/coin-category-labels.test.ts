import { readFileSync } from "node:fs";
import { coinCategories, marketCapBuckets } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { describe, expect, it } from "vitest";
import {
  coinCategoryLabel,
  isCoinCategory,
  marketCapLabel,
} from "../src/lib/classification-labels";
import { sliceLabel } from "../src/routes/_app/portfolio-summary/-components/slice-labels";

// The server labels a coin's industry slice in the contracts' English ("Exchange token"); the web
// names it from the catalog by its key. A server label the catalog never has shows which is read.
const fromServer = "the server's English";

describe("a coin category in the reader's language", () => {
  it("names a coin's industry slice from the catalog by its key, not the server's label", () => {
    expect(sliceLabel("industry", { key: "crypto:exchange-token", label: fromServer })).toBe(
      m.summary_coin_exchange_token(),
    );
    expect(sliceLabel("industry", { key: "crypto:defi", label: fromServer })).toBe(
      m.summary_coin_defi(),
    );
    // A stock's industry is the market's own words, and a category off the list keeps the label.
    expect(sliceLabel("industry", { key: "semiconductors", label: "Semiconductors" })).toBe(
      "Semiconductors",
    );
    expect(sliceLabel("industry", { key: "crypto:gaming", label: "gaming" })).toBe("gaming");
    expect(sliceLabel("sector", { key: "crypto:defi", label: fromServer })).toBe(fromServer);
  });

  it("has a catalog name for every category of the contracts' list, in its English", () => {
    for (const { key, label } of coinCategories) {
      expect(isCoinCategory(key)).toBe(true);
      expect(coinCategoryLabel(key)).toBe(label);
    }
    expect(isCoinCategory("toString")).toBe(false);
  });
});

describe("the classification dialog's own lists in the reader's language", () => {
  it("names each market cap bucket from the catalog, as the allocation wrote it in English", () => {
    expect(marketCapBuckets.map(marketCapLabel)).toEqual([
      "Mega cap",
      "Large cap",
      "Mid cap",
      "Small cap",
      "Micro cap",
    ]);
    expect(marketCapLabel("large")).toBe(m.asset_classification_cap_large());
  });

  it("writes no English of its own on the dialog's options", () => {
    const dialog = readFileSync(
      new URL("../src/components/assets/ClassificationDialog.tsx", import.meta.url),
      "utf8",
    );
    expect(dialog).not.toMatch(/label: "ETF"|charAt\(0\)\.toUpperCase\(\)/);
    expect(dialog).toContain("m.asset_classification_etf()");
    expect(dialog).toContain("marketCapLabel(bucket)");
  });
});
