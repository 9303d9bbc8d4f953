import { z } from "zod";
import { describe, expect, it } from "vitest";
import { compileSerializer, openApiSchema } from "../../src/rest/json-schema";

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
