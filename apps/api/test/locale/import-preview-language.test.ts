import { readFileSync } from "node:fs";
import type { ImportPreview } from "@ledgerline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCall } from "../import/import-support";
import { registerIn } from "../support/locale-support";
import type { TestApp } from "../support/test-app";
import { pinnedMarket } from "../support/transactions-support";
import { startTestApp } from "../support/test-app";

// Decision 0070, continued: the import preview's row texts (a 200 answer, not a refusal) in the
// reader's language, through both doors; English word for word for a client that asks for none.

const schwabCsv = readFileSync(
  new URL("../fixtures/import/schwab-sample.csv", import.meta.url),
  "utf8",
);

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
