import type { ImportPreview, ImportResult } from "@ledgerline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCall, importSample } from "../import/import-support";
import { registerIn } from "../support/locale-support";
import type { TestApp } from "../support/test-app";
import { pinnedMarket } from "../support/transactions-support";
import { startTestApp } from "../support/test-app";

// Decision 0070, continued: the import preview's row texts (a 200 answer, not a refusal) and the
// run's refusals that quote the file (its error rows, each with the row's text; a file of another
// source) in the reader's language, through both doors; English word for word for a client that
// asks for none.

const schwabCsv = importSample("schwab-sample.csv");
const coinbaseCsv = importSample("coinbase-sample.csv");

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ market: pinnedMarket() });
});
afterAll(() => t.close());

async function previewRows(door: "rest" | "trpc", token: string) {
  const preview = await importCall<ImportPreview>(
    t,
    door,
    "preview",
    { source: "schwab", csv: schwabCsv },
    token,
  );
  expect(preview.status).toBe(200);
  return new Map(preview.data.rows.map((row) => [row.row, row.message]));
}

describe("the import preview's rows in the reader's language", () => {
  it.each(["rest", "trpc"] as const)(
    "says a German account's rows in German (%s)",
    async (door) => {
      const { token } = await registerIn(t, "de-DE", `grete-${door}@example.com`);
      const rows = await previewRows(door, token);
      expect(rows.get(3)).toBe(
        "Ertrag: 20.75 USD auf 25 MSFT (Ex-Tag 2025-09-11), als Dividende erfasst",
      );
      expect(rows.get(6)).toBe(
        "Entspricht dem Aktiensplit 10:1 von NVDA vom 2024-06-10 im Kalender der Kapitalmaßnahmen, der ihn auf die damals gehaltenen Aktien anwendet (einmal, nicht erneut aus dieser Zeile)",
      );
      expect(rows.get(10)).toBe("Einzahlung von 30000 USD");
      expect(rows.get(13)).toBe("Unbekanntes Symbol SCHD: Der Markt kennt keine solche Aktie");
      expect(rows.get(15)).toBe("Menge muss größer als 0 sein (Wert: -5)");
      expect(rows.get(16)).toBe("Eine Summenzeile, keine Transaktion");
      // A trade says nothing, in any language.
      expect(rows.get(2)).toBeUndefined();
    },
  );

  it("keeps the spec's English for an account in English that sends no Accept-Language", async () => {
    const { token } = await registerIn(t, "en-US", "ann@example.com");
    const rows = await previewRows("rest", token);
    expect(rows.get(10)).toBe("Deposit of 30000 USD");
    expect(rows.get(15)).toBe("Quantity must be greater than 0 (it is -5)");
    expect(rows.get(16)).toBe("A total line, not a transaction");
  });
});

/** A run of a file as a Schwab export, refused: its message and its issues' texts. */
async function refusedRun(door: "rest" | "trpc", csv: string, token: string) {
  const refused = await importCall<ImportResult>(t, door, "run", { source: "schwab", csv }, token);
  expect(refused.status).toBe(400);
  return { message: refused.message, issues: refused.issues?.map((issue) => issue.message) };
}

describe("the import run's refusals in the reader's language", () => {
  it.each(["rest", "trpc"] as const)(
    "lists a German account's error rows in German (%s)",
    async (door) => {
      const { token } = await registerIn(t, "de-DE", `grete-run-${door}@example.com`);
      const rows = [
        "Zeile 12: Unbekanntes Symbol SCHD: Der Markt kennt keine solche Aktie",
        "Zeile 13: Unbekanntes Symbol SCHD: Der Markt kennt keine solche Aktie",
        "Zeile 15: Menge muss größer als 0 sein (Wert: -5)",
      ];
      // The answer's message is its rows' distinct texts, joined.
      expect(await refusedRun(door, schwabCsv, token)).toEqual({
        message: rows.join("; "),
        issues: rows,
      });
    },
  );

  it.each(["rest", "trpc"] as const)(
    "tells a Spanish account its file is not from the source it chose (%s)",
    async (door) => {
      const { token } = await registerIn(t, "es-ES", `ana-run-${door}@example.com`);
      const { message } = await refusedRun(door, coinbaseCsv, token);
      expect(message).toMatch(
        /^Esto no parece una exportación de Charles Schwab: no tiene las columnas "Date", .*\. Vuelve a elegir el origen del archivo\.$/,
      );
    },
  );

  it("keeps the spec's English for an account in English that sends no Accept-Language", async () => {
    const { token } = await registerIn(t, "en-US", "ann-run@example.com");
    expect((await refusedRun("rest", schwabCsv, token)).issues).toEqual([
      "Row 12: Unknown symbol SCHD: the market has no such stock",
      "Row 13: Unknown symbol SCHD: the market has no such stock",
      "Row 15: Quantity must be greater than 0 (it is -5)",
    ]);
    expect((await refusedRun("rest", coinbaseCsv, token)).message).toMatch(
      /^This does not look like a Charles Schwab export: it has no "Date", /,
    );
  });
});
