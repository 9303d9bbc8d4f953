import { describe, expect, it } from "vitest";
import { compactNumberText, numberText, type NumberStyle } from "../src/format/number-text";

/** Each style beside the Intl.NumberFormat("en-US") options whose text it must give. */
const styles: [NumberStyle, Intl.NumberFormatOptions][] = [
  ...[2, 4, 8].flatMap((decimals) =>
    [false, true].map((signed): [NumberStyle, Intl.NumberFormatOptions] => [
      { minFraction: decimals, maxFraction: decimals, signed, prefix: "$" },
      {
        style: "currency",
        currency: "USD",
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
        signDisplay: signed ? "exceptZero" : "auto",
      },
    ]),
  ),
  [
    { minFraction: 2, maxFraction: 2, signed: true, suffix: "%", shift: 2 },
    {
      style: "percent",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: "exceptZero",
    },
  ],
  [{ minFraction: 0, maxFraction: 2 }, { maximumFractionDigits: 2 }],
  [{ minFraction: 0, maxFraction: 8 }, { maximumFractionDigits: 8 }],
  [
    { minFraction: 2, maxFraction: 2 },
    { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  ],
];

/** Decimal text of every shape the API sends, and numbers computed from it. */
function sampleValues(): (string | number)[] {
  const values: (string | number)[] = [
    ...["0", "-0", "0.005", "-0.005", "1.005", "999.995", "-999.995", "0.000000005"],
    ...["-0.0000000049", "12345678901234567890.123456789", "00012.50", "1234567.895"],
    ...[0, -0, 1.005, 0.1 + 0.2, 999_999, 999_994, 999_995, 999.999, -12_345, 0.001],
  ];
  let seed = 14;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < 2000; i++) {
    const decimals = Math.floor(random() * 16);
    const whole = String(Math.floor(random() * 10 ** Math.floor(random() * 12)));
    const fraction = String(Math.floor(random() * 10 ** decimals)).padStart(decimals, "0");
    const text = `${random() < 0.4 ? "-" : ""}${whole}${decimals > 0 ? `.${fraction}` : ""}`;
    values.push(text, Number(text), Number(text) * 3.7);
  }
  return values;
}

describe("number text", () => {
  it("is the text Intl.NumberFormat en-US gives, for text and numbers alike", () => {
    // Built once: constructing Intl.NumberFormat per value made this test seconds long.
    const compactIntl = new Intl.NumberFormat("en-US", {
      notation: "compact",
      maximumFractionDigits: 2,
    });
    const checks = [
      ...styles.map(([style, options]) => {
        const intl = new Intl.NumberFormat("en-US", options);
        return (value: string | number) =>
          [numberText(value, style), intl.format(value as number)] as const;
      }),
      (value: string | number) =>
        [compactNumberText(value), compactIntl.format(value as number)] as const,
    ];
    const differing: unknown[] = [];
    let compared = 0;
    for (const value of sampleValues()) {
      for (const check of checks) {
        const [text, intlText] = check(value);
        if (text === undefined) continue;
        compared++;
        if (text !== intlText) differing.push([value, text, intlText]);
      }
    }
    expect(differing).toEqual([]);
    expect(compared).toBeGreaterThan(20_000);
  });

  it("rounds half away from zero on the exact digits, carrying into the next thousand", () => {
    const usd = { minFraction: 2, maxFraction: 2, prefix: "$" };
    expect(numberText("999999.995", usd)).toBe("$1,000,000.00");
    expect(numberText("-0.005", usd)).toBe("-$0.01");
    expect(numberText("-0.004", usd)).toBe("-$0.00");
    expect(numberText("-0.004", { ...usd, signed: true })).toBe("$0.00");
    expect(numberText("12345678901234567.125", usd)).toBe("$12,345,678,901,234,567.13");
    expect(compactNumberText(999_995)).toBe("1M");
    expect(compactNumberText("7360000000000")).toBe("7.36T");
  });

  it("leaves to Intl what is not plain decimal digits", () => {
    const plain = { minFraction: 0, maxFraction: 2 };
    expect(numberText("1e3", plain)).toBeUndefined();
    expect(numberText(1e21, plain)).toBeUndefined();
    expect(numberText(" 12", plain)).toBeUndefined();
    expect(compactNumberText(1e15)).toBeUndefined();
  });
});
