import {
  transactionCsvColumns,
  type ImportDetection,
  type ImportPreview,
} from "@ledgerline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  guessActions,
  guessDateFormat,
  guessDecimalSeparator,
} from "@ledgerline/api/import/detect";
import type { TestApp } from "../support/test-app";
import { historyApp, historyUser } from "../support/transactions-support";
import { importSample } from "./import-support";

let t: TestApp;
beforeAll(async () => {
  t = (await historyApp()).t;
});
afterAll(() => t.close());

/** The detection of a file's first lines through either door. */
async function detect(door: "rest" | "trpc", csv: string, token: string) {
  if (door === "rest") {
    const response = await t.request("POST", "/api/import/detect", { token, body: { csv } });
    return { status: response.status, data: response.body as unknown as ImportDetection };
  }
  const response = await t.trpc("mutation", "import.detect", { csv }, token);
  const body = response.body as unknown as { result?: { data: ImportDetection } };
  return { status: response.status, data: body.result?.data as ImportDetection };
}

/** What a user's bank exports: semicolons, decimal commas, day-first dates, German words. */
const germanCsv = [
  "Datum;Wert;Art;Stück;Kurs;Gebühr;Notiz",
  "03.02.2025;AAPL;Kauf;10;187,50;1,00;erste Tranche",
  "15.02.2025 14:30;MSFT;Kauf;2;410,20;1,00;",
  "21.03.2025;AAPL;Verkauf;4;215,10;1,00;",
  "28.03.2025;AAPL;Dividende;10;0,25;;",
  "31.03.2025;;Einlage;;;;Überweisung",
].join("\n");

describe.each(["rest", "trpc"] as const)("detecting a file through the %s door", (door) => {
  it("knows a Coinbase, a Charles Schwab and its own export by their headers", async () => {
    const me = await historyUser(t);
    // The history's CSV export, as GET /api/transaction?format=csv writes it.
    const ledgerline = `${transactionCsvColumns.join(",")}\r\n1,2025-01-02T15:00:00.000Z,STOCK,AAPL,BUY,1,190,190,\r\n`;
    for (const [csv, source] of [
      [importSample("coinbase-sample.csv"), "coinbase"],
      [importSample("schwab-sample.csv"), "schwab"],
      [ledgerline, "ledgerline"],
    ] as const) {
      const answer = await detect(door, csv, me.user.token);
      expect(answer.status).toBe(200);
      expect(answer.data.source).toBe(source);
      expect(answer.data.dateFormatCertain).toBe(true);
    }
  });

  it("guesses an unknown file's mapping: separator, columns, decimal comma, date format and actions", async () => {
    const me = await historyUser(t);
    const answer = await detect(door, germanCsv, me.user.token);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      source: "generic",
      mapping: {
        delimiter: ";",
        decimalSeparator: ",",
        dateFormat: "DD.MM.YYYY",
        assetType: "STOCK",
        columns: {
          date: "Datum",
          symbol: "Wert",
          action: "Art",
          quantity: "Stück",
          price: "Kurs",
          fees: "Gebühr",
          notes: "Notiz",
        },
        actions: {
          buy: ["Kauf"],
          sell: ["Verkauf"],
          dividend: ["Dividende"],
          split: [],
          skip: [],
          // A deposit ("Einlage") is cash into the account.
          deposit: ["Einlage"],
          withdrawal: [],
          interest: [],
          fee: [],
          tax: [],
        },
      },
      dateFormatCertain: true,
    });
    // The guess previews the file as it is meant.
    const preview = await t.request("POST", "/api/import/preview", {
      token: me.user.token,
      body: { source: "generic", csv: germanCsv, mapping: answer.data.mapping },
    });
    expect(preview.status, JSON.stringify(preview.body).slice(0, 300)).toBe(200);
    const rows = (preview.body as unknown as ImportPreview).rows;
    expect(rows[0]).toMatchObject({
      outcome: "trade",
      symbol: "AAPL",
      price: "187.5",
      date: "2025-02-03T00:00:00.000Z",
      dateOnly: true,
    });
    // A cell with a time of day is that instant.
    expect(rows[1]).toMatchObject({ outcome: "trade", date: "2025-02-15T14:30:00.000Z" });
    expect(rows[1]).not.toHaveProperty("dateOnly");
  });

  it("refuses more than 32 KB of first lines with a 400", async () => {
    const me = await historyUser(t);
    const answer = await detect(door, "a,b\n".repeat(10_000), me.user.token);
    expect(answer.status).toBe(400);
  });
});

describe("the guesses", () => {
  it("reads day-first dates once a day past the 12th shows it, and says when it cannot tell", () => {
    expect(guessDateFormat(["03/02/2025", "15/02/2025"])).toEqual({
      dateFormat: "DD/MM/YYYY",
      certain: true,
    });
    expect(guessDateFormat(["02/03/2025", "02/15/2025 14:30"])).toEqual({
      dateFormat: "MM/DD/YYYY",
      certain: true,
    });
    expect(guessDateFormat(["03/02/2025", "04/02/2025"])).toEqual({
      dateFormat: "MM/DD/YYYY",
      certain: false,
    });
    expect(guessDateFormat(["2025-10-17 14:02:11 UTC"])).toEqual({
      dateFormat: "YYYY-MM-DD",
      certain: true,
    });
  });

  it("takes a decimal comma only where amounts read that way", () => {
    expect(guessDecimalSeparator(["0,95", "12"], ",")).toBe(",");
    expect(guessDecimalSeparator(["1.234,56"], ",")).toBe(",");
    expect(guessDecimalSeparator(["$1,234.56", "0.95"], ",")).toBe(".");
    expect(guessDecimalSeparator(["10", "12"], ";")).toBe(",");
    expect(guessDecimalSeparator(["10", "12"], ",")).toBe(".");
  });

  it("places action values by their words and leaves the others to the user", () => {
    expect(
      guessActions([
        "Buy",
        "Sell",
        "Buy",
        "Cash Dividend",
        "Stock Split",
        "Wire Sent",
        "MoneyLink Transfer",
        "Credit Interest",
        "Service Fee",
        "Foreign Tax Paid",
        "Odd",
      ]),
    ).toEqual({
      buy: ["Buy"],
      sell: ["Sell"],
      dividend: ["Cash Dividend"],
      split: ["Stock Split"],
      skip: [],
      deposit: ["MoneyLink Transfer"],
      withdrawal: ["Wire Sent"],
      interest: ["Credit Interest"],
      fee: ["Service Fee"],
      tax: ["Foreign Tax Paid"],
    });
  });
});
