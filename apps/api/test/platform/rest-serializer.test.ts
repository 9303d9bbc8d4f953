import { createRequire } from "node:module";
import type FastJson from "fast-json-stringify";
import { restRoutes } from "@ledgerline/api/rest-routes";
import { z } from "zod";
import { afterAll, describe, expect, it, vi } from "vitest";
import { compileSerializer, deferredSerializer, openApiSchema } from "../../src/rest/json-schema";
import { restErrorBody } from "../../src/rest/plugin";

// json-schema.ts requires fast-json-stringify on its first compile (not a vi.mock-able import):
// the module node's require hands it is counted here, and put back after.
const requireHere = createRequire(import.meta.url);
const fastJsonPath = requireHere.resolve("fast-json-stringify");
const realFastJson = requireHere(fastJsonPath) as typeof FastJson;
const fastJson = vi.fn(realFastJson);
requireHere.cache[fastJsonPath]!.exports = fastJson;
afterAll(() => {
  requireHere.cache[fastJsonPath]!.exports = realFastJson;
});

const position = z.object({
  id: z.number(),
  symbol: z.string(),
  quantity: z.number().nullable(),
});

describe("REST answers written by their response schema", () => {
  it("sends only the fields the schema names", () => {
    const write = compileSerializer(z.array(position));
    const sent = write([{ id: 1, symbol: "AAPL", quantity: null, userId: 7, passwordHash: "x" }]);
    expect(JSON.parse(sent)).toEqual([{ id: 1, symbol: "AAPL", quantity: null }]);
  });

  it("refuses to send an answer that lacks a required field", () => {
    const write = compileSerializer(position);
    expect(() => write({ id: 1, quantity: 2 })).toThrow(/symbol/);
  });
});

describe("serializers compiled at a route's first answer", () => {
  it("compiles none at start and one per schema, shared by the routes that answer with it", () => {
    vi.mocked(fastJson).mockClear();
    const ofOneRoute = deferredSerializer(position);
    const ofAnother = deferredSerializer(position);
    expect(fastJson).not.toHaveBeenCalled();

    expect(JSON.parse(ofOneRoute({ id: 1, symbol: "AAPL", quantity: 2, userId: 7 }))).toEqual({
      id: 1,
      symbol: "AAPL",
      quantity: 2,
    });
    ofAnother({ id: 2, symbol: "MSFT", quantity: null });
    ofOneRoute({ id: 3, symbol: "IBM", quantity: 1 });
    expect(fastJson).toHaveBeenCalledTimes(1);
  });

  // Deferred, a schema fast-json-stringify cannot compile would fail only its route's first
  // answer in production; compiled here, it fails the suite.
  it("compiles every REST route's 200 and 4xx answers", () => {
    const failed: string[] = [];
    for (const [name, schema] of [
      ...restRoutes.map((route) => [`${route.method} ${route.url}`, route.response] as const),
      ["4xx", restErrorBody] as const,
    ]) {
      try {
        compileSerializer(schema);
      } catch (error) {
        failed.push(`${name}: ${String(error)}`);
      }
    }
    expect(restRoutes.length).toBeGreaterThan(100);
    expect(failed).toEqual([]);
  });
});

describe("OpenAPI 3.0 schemas", () => {
  it("never puts nullable beside an anyOf without a type", () => {
    const schema = openApiSchema(
      z.object({ open: z.union([z.number(), z.string()]).nullable().optional() }),
      "input",
    );
    expect(schema).toMatchObject({
      properties: {
        open: {
          anyOf: [
            { type: "number", nullable: true },
            { type: "string", nullable: true },
          ],
        },
      },
    });
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.open).not.toHaveProperty("nullable");
  });
});
