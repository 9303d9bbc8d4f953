import { createRequire } from "node:module";
import type FastJson from "fast-json-stringify";
import { z } from "zod";

type JsonSchema = Record<string, unknown>;

/** Applies `visit` to every schema object nested in a JSON schema, innermost first. */
function mapSchemas(value: unknown, visit: (schema: JsonSchema) => JsonSchema): unknown {
  if (Array.isArray(value)) return value.map((entry) => mapSchemas(entry, visit));
  if (value === null || typeof value !== "object") return value;
  const mapped: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) mapped[key] = mapSchemas(child, visit);
  return visit(mapped);
}

const isNullType = (schema: unknown) =>
  typeof schema === "object" && schema !== null && (schema as JsonSchema).type === "null";

/**
 * `{ anyOf: [{ type: "number" }, { type: "null" }] }` (zod's nullable) as `{ type: ["number",
 * "null"] }`: fast-json-stringify writes that directly, where an anyOf costs a validation per
 * value to pick its branch.
 */
function collapseNullable(schema: JsonSchema): JsonSchema {
  const { anyOf, ...rest } = schema;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return schema;
  const other = anyOf.find((branch) => !isNullType(branch)) as JsonSchema | undefined;
  if (!other || !anyOf.some(isNullType) || typeof other.type !== "string") return schema;
  return { ...rest, ...other, type: [other.type, "null"] };
}

type Serializer = (data: unknown) => string;

/**
 * fast-json-stringify, required by the first serializer compiled instead of imported at start: it
 * requires ajv, ajv-formats and fast-uri as it loads, ~90 modules and 1.4 MB of an idle server's
 * heap (issue 35). Synchronous, so a first answer compiles its serializer as before.
 */
const requireHere = createRequire(import.meta.url);
/** Node's require keeps the module; a compile (once per schema) only looks it up again. */
const loadFastJson = () => requireHere("fast-json-stringify") as typeof FastJson;

/**
 * A serializer for a route's answers compiled once from its zod response schema: only the fields
 * the schema names are written, so nothing internal leaks, and a missing required field is a
 * fault instead of a silently different answer.
 */
export function compileSerializer(schema: z.ZodType): Serializer {
  const json = z.toJSONSchema(schema, { io: "output", target: "draft-7", unrepresentable: "any" });
  const { $schema: _ignored, ...rest } = mapSchemas(json, collapseNullable) as JsonSchema;
  return loadFastJson()(rest);
}

const compiled = new WeakMap<z.ZodType, Serializer>();

/** compileSerializer once per schema: every route's 4xx body, for one, shares one serializer. */
function serializerOf(schema: z.ZodType): Serializer {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = compileSerializer(schema);
    compiled.set(schema, serialize);
  }
  return serialize;
}

/**
 * A route's serializer compiled at its first answer instead of at start: compiled for every
 * route, answered or not, they held 2.9 MB of an idle server's heap (issue 35, decision 0066).
 * A schema fast-json-stringify cannot compile then fails that answer, not the start, so
 * test/platform/rest-serializer.test.ts compiles every route's.
 */
export function deferredSerializer(schema: z.ZodType): Serializer {
  let serialize: Serializer | undefined;
  return (data) => (serialize ??= serializerOf(schema))(data);
}

/**
 * The OpenAPI 3.0 form of a zod schema. OpenAPI 3.0 allows `nullable` only beside a `type`, so a
 * nullable union is written as the union of its nullable branches.
 */
export function openApiSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { target: "openapi-3.0", io, unrepresentable: "any" });
  const { $schema: _ignored, ...rest } = mapSchemas(json, (node) => {
    const { nullable, anyOf, ...others } = node;
    if (nullable !== true || !Array.isArray(anyOf) || "type" in node) return node;
    return {
      ...others,
      anyOf: anyOf.map((branch: JsonSchema) => ({ ...branch, nullable: true })),
    };
  }) as JsonSchema;
  return rest;
}
