import { afterAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "@ledgerline/contracts";
import { nestsDeeperThan } from "../../src/plugins/json-body";
import { MOVED_STRING_FROM, jsonThread } from "../../src/plugins/json-thread";

const thread = jsonThread(nestsDeeperThan, MAX_JSON_DEPTH);
afterAll(() => thread.close());

const bytesOf = (text: string) => Buffer.from(text, "utf8");
const long = (unit: string) => unit.repeat(Math.ceil(MOVED_STRING_FROM / unit.length) + 3);

describe("the JSON thread", () => {
  it("answers the value JSON.parse gives, long strings moved back where they were", async () => {
    const value = {
      source: "ledgerline",
      csv: long("2025-01-02,STOCK,AAPL,BUY,1,100\n"),
      nested: [1, { note: long("é✓😀"), short: "kept" }, [long("a"), null]],
      'key with "quotes"': long("x"),
    };
    const outcome = await thread.parse(bytesOf(JSON.stringify(value)));
    expect(outcome).toEqual({ ok: true, value });
  });

  it("answers a body that is one long string", async () => {
    const text = long("z");
    expect(await thread.parse(bytesOf(JSON.stringify(text)))).toEqual({ ok: true, value: text });
  });

  it("reads a body lying inside a larger buffer, and leaves that buffer whole", async () => {
    const body = JSON.stringify({ csv: long("b") });
    const larger = Buffer.concat([bytesOf("prefix"), bytesOf(body), bytesOf("suffix")]);
    const slice = larger.subarray(6, 6 + Buffer.byteLength(body));
    const value = JSON.parse(body) as unknown;
    expect(await thread.parse(slice)).toEqual({ ok: true, value });
    expect(larger.subarray(0, 6).toString()).toBe("prefix");
    expect(larger.byteLength).toBe(Buffer.byteLength(body) + 12);
  });

  it("refuses JSON nested too deep, and JSON that does not parse", async () => {
    const deep = `${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}`;
    expect(await thread.parse(bytesOf(deep))).toEqual({ ok: false, tooDeep: true });
    expect(await thread.parse(bytesOf(`{"csv": "${long("c")}`))).toEqual({
      ok: false,
      tooDeep: false,
    });
  });

  it("refuses prototype poisoning as Fastify's parser does", async () => {
    const poisoned = `{"csv": "${long("d")}", "__proto__": {"admin": true}}`;
    expect(await thread.parse(bytesOf(poisoned))).toEqual({ ok: false, tooDeep: false });
  });
});
