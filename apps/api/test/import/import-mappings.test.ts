import { dateOf } from "@ledgerline/clock";
import {
  IMPORT_MAPPINGS_MAX,
  importMapping,
  type ImportMappingInput,
  type ImportPreview,
  type SavedImportMappingView,
} from "@ledgerline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A German broker's export: the mapping a user would set once and save. */
const german: ImportMappingInput = {
  delimiter: ";",
  decimalSeparator: ",",
  dateFormat: "DD.MM.YYYY",
  columns: { date: "Datum", symbol: "Wert", action: "Art", quantity: "Stück", price: "Kurs" },
  assetType: "STOCK",
  actions: { buy: ["Kauf"], sell: ["Verkauf"], skip: ["Einlage"] },
};
const germanCsv =
  "Datum;Wert;Art;Stück;Kurs\n02.03.2026;AAPL;Kauf;2;1.234,50\n03.03.2026;;Einlage;;\n";

type Door = "rest" | "trpc";
interface Answer<T> {
  status: number;
  data: T;
  message?: string;
}

/** The mappings' three calls through either door, answered the same way. */
async function call<T>(
  door: Door,
  kind: "list" | "save" | "delete",
  token: string,
  input?: Record<string, unknown>,
  idempotencyKey?: string,
): Promise<Answer<T>> {
  if (door === "rest") {
    const headers = idempotencyKey ? { "idempotency-key": idempotencyKey } : undefined;
    const response =
      kind === "list"
        ? await t.request("GET", "/api/import/mappings", { token })
        : kind === "save"
          ? await t.request("POST", "/api/import/mappings", { token, body: input, headers })
          : await t.request("DELETE", `/api/import/mappings/${String(input?.id)}`, {
              token,
              headers,
            });
    const body = response.body as unknown as T & { message?: string };
    return { status: response.status, data: body, message: body?.message };
  }
  const path = { list: "mappings", save: "saveMapping", delete: "deleteMapping" }[kind];
  const response = await t.trpc(
    kind === "list" ? "query" : "mutation",
    `import.${path}`,
    kind === "list" ? undefined : { ...input, ...(idempotencyKey ? { idempotencyKey } : {}) },
    token,
  );
  const body = response.body as unknown as {
    result?: { data: T };
    error?: { message: string };
  };
  return { status: response.status, data: body.result?.data as T, message: body.error?.message };
}

describe.each(["rest", "trpc"] as const)("saved import mappings through the %s door", (door) => {
  it("saves a mapping under a name, lists it by name, applies it to a file, and deletes it", async () => {
    const me = await t.registerUser();
    const saved = await call<SavedImportMappingView>(door, "save", me.token, {
      name: "  Comdirect  ",
      mapping: german,
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ name: "Comdirect", mapping: importMapping.parse(german) });
    await call(door, "save", me.token, { name: "Amex", mapping: { ...german, delimiter: "," } });

    const listed = await call<SavedImportMappingView[]>(door, "list", me.token);
    expect(listed.data.map((mapping) => mapping.name)).toEqual(["Amex", "Comdirect"]);

    // Applying it: the saved mapping reads the file as the mapping typed in would.
    const reused = listed.data.find((mapping) => mapping.name === "Comdirect")!;
    const preview = await t.request("POST", "/api/import/preview", {
      token: me.token,
      body: { source: "generic", csv: germanCsv, mapping: reused.mapping },
    });
    expect((preview.body as unknown as ImportPreview).summary).toMatchObject({
      trades: 1,
      skipped: 1,
      errors: 0,
    });
    expect((preview.body as unknown as ImportPreview).rows[0]).toMatchObject({
      symbol: "AAPL",
      quantity: "2",
      price: "1234.5",
    });

    const removed = await call(door, "delete", me.token, { id: reused.id });
    expect(removed.status).toBe(200);
    const after = await call<SavedImportMappingView[]>(door, "list", me.token);
    expect(after.data.map((mapping) => mapping.name)).toEqual(["Amex"]);
    expect((await call(door, "delete", me.token, { id: reused.id })).status).toBe(404);
  });

  it("refuses a taken name, a name not of 1 to 60 characters and a bad mapping with a 400", async () => {
    const me = await t.registerUser();
    await call(door, "save", me.token, { name: "Broker", mapping: german });
    const taken = await call(door, "save", me.token, { name: "Broker", mapping: german });
    expect(taken.status).toBe(400);
    expect(taken.message).toContain('You already have a mapping named "Broker"');
    expect((await call(door, "save", me.token, { name: "   ", mapping: german })).status).toBe(400);
    expect(
      (await call(door, "save", me.token, { name: "x".repeat(61), mapping: german })).status,
    ).toBe(400);
    const noColumns = await call(door, "save", me.token, {
      name: "Broken",
      mapping: { ...german, columns: { date: "Datum" } },
    });
    expect(noColumns.status).toBe(400);
    const listed = await call<SavedImportMappingView[]>(door, "list", me.token);
    expect(listed.data.map((mapping) => mapping.name)).toEqual(["Broker"]);
  });

  it(`keeps at most ${IMPORT_MAPPINGS_MAX} mappings per user`, async () => {
    const me = await t.registerUser();
    for (let n = 0; n < IMPORT_MAPPINGS_MAX; n++) {
      const saved = await t.app.deps.repos.importMappings.create(
        me.id,
        `Broker ${n}`,
        importMapping.parse(german),
        IMPORT_MAPPINGS_MAX,
        dateOf(t.clock),
      );
      expect(saved.ok).toBe(true);
    }
    const over = await call(door, "save", me.token, { name: "One more", mapping: german });
    expect(over.status).toBe(400);
    expect(over.message).toContain(`at most ${IMPORT_MAPPINGS_MAX} saved mappings`);
  });

  it("shows and deletes a user's mappings to that user only", async () => {
    const owner = await t.registerUser();
    const other = await t.registerUser();
    const saved = await call<SavedImportMappingView>(door, "save", owner.token, {
      name: "Mine",
      mapping: german,
    });
    expect((await call<unknown[]>(door, "list", other.token)).data).toEqual([]);
    expect((await call(door, "delete", other.token, { id: saved.data.id })).status).toBe(404);
    expect(
      (await call<SavedImportMappingView[]>(door, "list", owner.token)).data.map((m) => m.id),
    ).toEqual([saved.data.id]);
    expect((await call(door, "list", "not-a-token")).status).toBe(401);
  });

  it("answers a repeated save with the same idempotency key as the first", async () => {
    const me = await t.registerUser();
    const body = { name: "Retried", mapping: german };
    const first = await call<SavedImportMappingView>(door, "save", me.token, body, "map-1");
    const again = await call<SavedImportMappingView>(door, "save", me.token, body, "map-1");
    expect(again.status).toBe(200);
    expect(again.data).toEqual(first.data);
    expect((await call<unknown[]>(door, "list", me.token)).data).toHaveLength(1);
  });
});
