import { Turns } from "./turns";

/** Elements of a long array written at a time (JSON.stringify's), a millisecond or two. */
const SLICE = 500;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * JSON.stringify for an answer that may hold a long list (an import preview's 200,000 rows,
 * 30 MB of JSON): the same text, but each long array is written a slice at a time, with a turn of
 * the event loop whenever one is due (platform/turns.ts), so writing it never holds other
 * requests up for long. Plain objects and arrays are walked; anything else (a Date, a value with
 * toJSON) is JSON.stringify's. The pieces are joined once, at the end: a join at each level of
 * nesting copied the whole text once per level, 30 MB three and four times in one turn.
 */
export async function jsonInSlices(value: unknown): Promise<string> {
  const pieces: string[] = [];
  await write(value, pieces, new Turns());
  return pieces.join("");
}

async function write(value: unknown, pieces: string[], turns: Turns): Promise<void> {
  if (Array.isArray(value)) {
    if (value.length <= SLICE) {
      pieces.push(JSON.stringify(value));
      return;
    }
    pieces.push("[");
    for (let start = 0; start < value.length; start += SLICE) {
      if (start > 0) pieces.push(",");
      pieces.push(JSON.stringify(value.slice(start, start + SLICE)).slice(1, -1));
      if (turns.due()) await turns.next();
    }
    pieces.push("]");
    return;
  }
  if (isPlainObject(value)) {
    pieces.push("{");
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
      pieces.push(`${first ? "" : ","}${JSON.stringify(key)}:`);
      first = false;
      await write(item, pieces, turns);
    }
    pieces.push("}");
    return;
  }
  pieces.push(JSON.stringify(value) ?? "null");
}
