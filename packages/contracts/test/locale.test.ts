import { describe, expect, it } from "vitest";
import { closestLocale, localeSetting } from "../src";

describe("closestLocale", () => {
  it("takes an exact match, else the first supported locale of the same language", () => {
    expect(closestLocale(["de-CH", "en-US"])).toBe("de-CH");
    expect(closestLocale(["de-AT"])).toBe("de-DE");
    expect(closestLocale(["fr"])).toBe("fr-FR");
    expect(closestLocale(["EN-gb"])).toBe("en-GB");
    expect(closestLocale(["es-MX"])).toBe("es-ES");
  });

  it("follows the browser's order of preference and falls back to en-US", () => {
    expect(closestLocale(["ja-JP", "es-ES", "de-DE"])).toBe("es-ES");
    expect(closestLocale(["ja-JP", "zh"])).toBe("en-US");
    expect(closestLocale([])).toBe("en-US");
  });
});

describe("localeSetting", () => {
  it("accepts only the supported locales, spelled as listed", () => {
    expect(localeSetting.safeParse({ locale: "de-DE" }).success).toBe(true);
    for (const locale of ["de", "de-de", "ja-JP", "", null]) {
      expect(localeSetting.safeParse({ locale }).success).toBe(false);
    }
  });
});
