import { afterEach, describe, expect, it } from "vitest";
import {
  currencySign,
  formatCompactNumber,
  formatCurrency,
  formatMarketCap,
  formatMoney,
  formatNumber,
  formatPercent,
  formatQuantity,
  formatRatio,
  formatShare,
  formatSignedCurrency,
  formatUsdCode,
  setFormatLocale,
} from "../src/format";

afterEach(() => setFormatLocale("en-US"));

// Intl writes a narrow or plain no-break space between the digits and a trailing symbol.
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("figures in de-DE", () => {
  it("writes amounts with the German separators, the symbol after the digits", () => {
    setFormatLocale("de-DE");
    expect(spaced(formatCurrency("1234.56"))).toBe("1.234,56 $");
    expect(spaced(formatSignedCurrency("-1234.5"))).toBe("-1.234,50 $");
    expect(spaced(formatSignedCurrency("0.001"))).toBe("+0,00100000 $");
    expect(spaced(formatMoney("1234.56", "EUR"))).toBe("1.234,56 €");
    expect(spaced(formatMoney("1234.56", "JPY"))).toBe("1.235 ¥");
    expect(spaced(formatUsdCode("1234.56"))).toBe("1.234,56 USD");
  });

  it("is exact for values past a float's digits, rounding half away from zero", () => {
    setFormatLocale("de-DE");
    expect(spaced(formatCurrency("12345678901234567890.125"))).toBe(
      "12.345.678.901.234.567.890,13 $",
    );
    expect(spaced(formatCurrency("-1.005"))).toBe("-1,01 $");
    expect(formatQuantity("123456789.123456785")).toBe("123.456.789,12345679");
    expect(formatQuantity("0.00000001")).toBe("0,00000001");
    expect(formatNumber("9007199254740993")).toBe("9.007.199.254.740.993");
  });

  it("writes percents and ratios with the locale's percent sign", () => {
    setFormatLocale("de-DE");
    expect(spaced(formatPercent("1.234"))).toBe("+1,23 %");
    expect(spaced(formatRatio("0.123456789012345678905"))).toBe("+12,35 %");
    expect(spaced(formatShare("50"))).toBe("50,00 %");
    expect(spaced(formatPercent("0"))).toBe("0,00 %");
  });

  it("writes compact figures and market caps in the locale's words", () => {
    setFormatLocale("de-DE");
    expect(spaced(formatMarketCap("2850000000000"))).toBe("2,85 Bio. $");
    expect(formatCompactNumber("12345")).toBe("12.345");
  });
});

describe("the other supported locales", () => {
  it("follow their own separators", () => {
    setFormatLocale("de-CH");
    // ICU versions differ on the Swiss group mark: an apostrophe or a right single quote.
    expect(spaced(formatCurrency("1234.5"))).toMatch(/^\$ 1['’]234\.50$/);
    setFormatLocale("fr-FR");
    expect(spaced(formatCurrency("1234.5"))).toBe("1 234,50 $US");
    setFormatLocale("en-GB");
    expect(formatCurrency("1234.5")).toBe("US$1,234.50");
    setFormatLocale("es-ES");
    expect(spaced(formatMoney("12345.5", "EUR"))).toBe("12.345,50 €");
  });
});

describe("figures in en-US", () => {
  it("stay the spec's text, written without Intl", () => {
    setFormatLocale("de-DE");
    setFormatLocale("en-US");
    expect(formatCurrency("1234.56")).toBe("$1,234.56");
    expect(formatPercent("1.234")).toBe("+1.23%");
    expect(formatMarketCap("2850000000000")).toBe("$2.85T");
    expect(formatUsdCode("1234.56")).toBe("USD 1,234.56");
  });
});

describe("a currency's sign", () => {
  const currencies = ["USD", "EUR", "GBP", "CHF", "JPY", "CAD", "AUD"];
  const intlSign = (locale: string, currency: string) =>
    new Intl.NumberFormat(locale, { style: "currency", currency })
      .formatToParts(0)
      .find((part) => part.type === "currency")?.value;

  it("is Intl's in every locale, for every display currency", () => {
    for (const locale of ["en-US", "de-DE", "fr-FR", "en-GB", "es-ES"]) {
      setFormatLocale(locale);
      for (const currency of currencies) {
        expect(currencySign(currency)).toBe(intlSign(locale, currency));
      }
    }
  });

  it("reads $, €, CHF and CA$ in en-US", () => {
    expect(currencies.map(currencySign)).toEqual(["$", "€", "£", "CHF", "¥", "CA$", "A$"]);
  });
});
