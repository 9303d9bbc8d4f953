import { describe, expect, it } from "vitest";
import { z } from "zod";
import "../src";

const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message);

describe("zod's messages in the project's words", () => {
  it("name the field and say what it must be", () => {
    const schema = z.object({
      name: z.string().min(1).max(3),
      page: z.number().int().min(1).lt(10),
      kind: z.enum(["a", "b"]),
      tags: z.array(z.string()).max(1),
      at: z.iso.datetime(),
    });
    expect(messageOf(schema, {})).toEqual([
      "name is required",
      "page is required",
      "kind is required",
      "tags is required",
      "at is required",
    ]);
    expect(
      messageOf(schema, { name: "", page: 0, kind: "c", tags: ["x", "y"], at: "soon" }),
    ).toEqual([
      "name cannot be empty",
      "page must be at least 1",
      "kind must be one of a, b",
      "tags must have at most 1 item",
      "at must be an ISO 8601 date-time such as 2026-03-02T15:00:00Z",
    ]);
    expect(messageOf(schema, { name: "abcd", page: 10.5, kind: 1, tags: "x", at: 5 })).toEqual([
      "name must have at most 3 characters",
      "page must be a whole number",
      "kind must be one of a, b",
      "tags must be a list",
      "at must be text",
    ]);
    expect(messageOf(schema, 5)).toEqual(["The input must be an object"]);
  });

  it("leave a schema's own message as it is", () => {
    expect(messageOf(z.string("Say something"), 1)).toEqual(["Say something"]);
  });
});
