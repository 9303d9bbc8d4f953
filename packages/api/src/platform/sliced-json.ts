import { setImmediate as yieldToEventLoop } from "node:timers/promises";

/** Elements of a long array written between two turns of the event loop. */
const SLICE = 2000;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * JSON.stringify for an answer that may hold a long list (an import preview's 200,000 rows,
 * 14 MB of JSON): the same text, but each long array is written a slice at a time with a turn of
 * the event loop between slices, so writing it never holds other requests up for long. Plain
 * objects and arrays are walked; anything else (a Date, a value with toJSON) is JSON.stringify's.
 */
export async function jsonInSlices(value: unknown): Promise<string> {
  if (Array.isArray(value)) {
    if (value.length <= SLICE) return JSON.stringify(value);
    const parts: string[] = [];
    for (let start = 0; start < value.length; start += SLICE) {
      const part = JSON.stringify(value.slice(start, start + SLICE)).slice(1, -1);
      if (part !== "") parts.push(part);
      await yieldToEventLoop();
    }
    return `[${parts.join(",")}]`;
  }
  if (isPlainObject(value)) {
    const members: string[] = [];
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
      members.push(`${JSON.stringify(key)}:${await jsonInSlices(item)}`);
    }
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
