import type { FxRates } from "@ledgerline/contracts";
import { setFormatLocale } from "@ledgerline/money/format";
import { afterEach, describe, expect, it } from "vitest";
import { showMoney, showMoneySum } from "../src/components/money/display-money";

const eur: FxRates = {
  currency: "EUR",
  latest: { date: "2026-11-30", rate: "0.9221" },
  days: [
    { date: "2026-11-25", rate: "0.9199" },
    { date: "2026-11-26", rate: "0.9209" },
    { date: "2026-11-27", rate: "0.9213" },
    { date: "2026-11-30", rate: "0.9221" },
  ],
};

afterEach(() => setFormatLocale("en-US"));

describe("a figure in the display currency", () => {
  it("takes the latest rate for today's figures, with the hover naming it", () => {
    expect(showMoney("1234.56", eur)).toEqual({
      text: "€1,138.39",
      title: "USD 1,234.56 at 0.9221 on 2026-11-30",
    });
  });

  it("takes its own day's rate, and the Friday's on the weekend after it", () => {
    expect(showMoney("1234.56", eur, "2026-11-27T15:00:00Z").title).toBe(
      "USD 1,234.56 at 0.9213 on 2026-11-27",
    );
    expect(showMoney("1234.56", eur, "2026-11-29")).toEqual({
      // 1234.56 x 0.9213 = 1137.400128 exactly.
      text: "€1,137.40",
      title: "USD 1,234.56 at 0.9213 on 2026-11-27",
    });
  });

  it("writes a gain's sign and yen without decimals", () => {
    const jpy: FxRates = {
      currency: "JPY",
      latest: { date: "2026-11-30", rate: "149.5" },
      days: [],
    };
    expect(showMoney("-10.01", jpy, "today", true)).toEqual({
      text: "-¥1,496",
      title: "USD -10.01 at 149.5000 on 2026-11-30",
    });
  });

  it("writes the hover's amount, rate and day as the reader's locale does", () => {
    setFormatLocale("de-DE");
    // The words come from the build's language (English here); the figures from the locale.
    expect(showMoney("1234.56", eur).title).toBe("1.234,56\u00a0USD at 0,9221 on 30. Nov. 2026");
    expect(showMoney("1", { ...eur, latest: { date: "2026-11-30", rate: "0.92214" } }).title).toBe(
      "1,00\u00a0USD at 0,92214 on 30. Nov. 2026",
    );
  });

  it("stays in USD without a hover in USD mode or before the rates arrive", () => {
    const usd: FxRates = { currency: "USD", latest: null, days: [] };
    expect(showMoney("1234.56", usd)).toEqual({ text: "$1,234.56" });
    expect(showMoney("1234.56", undefined)).toEqual({ text: "$1,234.56" });
    expect(showMoney(null, eur)).toEqual({ text: "N/A" });
  });
});

describe("a total of figures of several days in the display currency", () => {
  it("adds each part at its own day's rate, the hover naming the USD total", () => {
    // 100 x 0.9199 + 200 x 0.9213 (the Sunday at the Friday's) = 91.99 + 184.26.
    const parts = [
      { usd: "100", day: "2026-11-25" },
      { usd: "200", day: "2026-11-29" },
    ];
    expect(showMoneySum("300", parts, eur)).toEqual({
      text: "€276.25",
      title: "USD 300.00, each at its own day's rate (2 days)",
    });
  });

  it("names the one rate when every part has the same day's", () => {
    const parts = [
      { usd: "10", day: "2026-11-27" },
      { usd: "5.5", day: "2026-11-28" },
    ];
    expect(showMoneySum("15.5", parts, eur)).toEqual({
      text: "€14.28",
      title: "USD 15.50 at 0.9213 on 2026-11-27",
    });
  });

  it("shows the USD total in USD mode and before the rates arrive", () => {
    const parts = [{ usd: "100", day: "2026-11-25" }];
    expect(showMoneySum("100", parts, undefined)).toEqual({ text: "$100.00" });
    expect(showMoneySum("100", parts, { currency: "USD", latest: null, days: [] })).toEqual({
      text: "$100.00",
    });
  });
});
