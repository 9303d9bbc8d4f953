import { afterEach, describe, expect, it, vi } from "vitest";
import type * as locale from "../src/lib/locale";
import { sliceLabel } from "../src/routes/_app/portfolio-summary/-components/slice-labels";

// The build's language (a constant in a real build, vite.config.ts): German or Spanish here.
const build = vi.hoisted(() => ({ language: "en" }));
vi.mock("../src/lib/locale", async (importOriginal) => ({
  ...(await importOriginal<typeof locale>()),
  getLocale: () => build.language,
}));

function sliceLabelIn(language: string) {
  build.language = language;
  return sliceLabel;
}

afterEach(() => {
  build.language = "en";
});

describe("a country slice in the reader's language", () => {
  it("names the country by its ISO code, not by the server's English", () => {
    const german = sliceLabelIn("de");
    expect(german("country", { key: "DE", label: "Germany" })).toBe("Deutschland");
    expect(german("country", { key: "US", label: "United States" })).toBe("Vereinigte Staaten");
    const spanish = sliceLabelIn("es");
    expect(spanish("country", { key: "DE", label: "Germany" })).toBe("Alemania");
    expect(spanish("country", { key: "GB", label: "United Kingdom" })).toBe("Reino Unido");
    const english = sliceLabelIn("en");
    expect(english("country", { key: "US", label: "United States" })).toBe("United States");
  });

  it("says the catalog's Unknown for ZZ, and keeps the server's label for a code it cannot name", () => {
    const german = sliceLabelIn("de");
    // The catalog is English in tests: the text is the catalog's, not Intl's "Unbekannte Region".
    expect(german("country", { key: "ZZ", label: "ZZ" })).toBe("Unknown");
    expect(german("country", { key: "XX", label: "XX" })).toBe("XX");
    expect(german("country", { key: "not-a-code", label: "not-a-code" })).toBe("not-a-code");
    // Cash and crypto keep their own slices in the country dimension.
    expect(german("country", { key: "cash", label: "Cash" })).toBe("Cash");
    expect(german("country", { key: "crypto", label: "Crypto" })).toBe("Crypto");
  });
});
