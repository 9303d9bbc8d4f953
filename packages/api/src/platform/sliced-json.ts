import { Turns } from "./turns";

/** Elements of a long array written at a time (JSON.stringify's), a millisecond or two. */
const SLICE = 500;
/** Characters of text gathered before they are encoded as one chunk of UTF-8. */
const CHUNK_CHARS = 64 * 1024;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/** An answer's JSON as UTF-8 chunks of about 64 KB, in order, and their length in bytes. */
export interface JsonChunks {
  chunks: Buffer[];
  bytes: number;
}

/**
 * JSON.stringify for an answer that may hold a long list (an import preview's 200,000 rows,
 * 40 MB of JSON): the same text, but each long array is written a slice at a time, with a turn
 * of the event loop whenever one is due (platform/turns.ts), so writing it never holds other
 * requests up for long. Plain objects and arrays are walked; anything else (a Date, a value with
 * toJSON) is JSON.stringify's. The text is encoded as UTF-8 a chunk at a time as it is written
 * and never joined: one string of 40 MB cost a join, then an encoding of the whole of it in one
 * go where the answer was sent (50-100 ms each, decision 0029). Send the chunks as a stream.
 */
export async function jsonInSlices(value: unknown): Promise<JsonChunks> {
  const out = new ChunkWriter();
  await write(value, out, new Turns());
  out.flush();
  return { chunks: out.chunks, bytes: out.bytes };
}

class ChunkWriter {
  readonly chunks: Buffer[] = [];
  bytes = 0;
  #pending: string[] = [];
  #pendingChars = 0;

  push(text: string) {
    this.#pending.push(text);
    this.#pendingChars += text.length;
    if (this.#pendingChars >= CHUNK_CHARS) this.flush();
  }

  flush() {
    if (this.#pendingChars === 0) return;
    const chunk = Buffer.from(this.#pending.join(""), "utf8");
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    this.#pending = [];
    this.#pendingChars = 0;
  }
}

async function write(value: unknown, out: ChunkWriter, turns: Turns): Promise<void> {
  if (Array.isArray(value)) {
    if (value.length <= SLICE) {
      out.push(JSON.stringify(value));
      return;
    }
    out.push("[");
    for (let start = 0; start < value.length; start += SLICE) {
      if (start > 0) out.push(",");
      out.push(JSON.stringify(value.slice(start, start + SLICE)).slice(1, -1));
      if (turns.due()) await turns.next();
    }
    out.push("]");
    return;
  }
  if (isPlainObject(value)) {
    out.push("{");
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
      out.push(`${first ? "" : ","}${JSON.stringify(key)}:`);
      first = false;
      await write(item, out, turns);
    }
    out.push("}");
    return;
  }
  out.push(JSON.stringify(value) ?? "null");
}

/**
 * A JSON answer written by jsonInSlices, as a fetch Response that streams its chunks (Fastify
 * sends a Response's body a chunk at a time, as the connection takes them), with its length.
 */
export async function jsonAnswer(value: unknown, status = 200): Promise<Response> {
  const { chunks, bytes } = await jsonInSlices(value);
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next];
      // Each chunk is let go once sent.
      chunks[next++] = undefined as never;
      if (chunk) controller.enqueue(chunk);
      if (next >= chunks.length) controller.close();
    },
  });
  return new Response(body, {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-length": String(bytes),
    },
  });
}
