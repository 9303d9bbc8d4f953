import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

export type ThreadOutcome = { ok: true; value: unknown } | { ok: false; tooDeep: boolean };

export interface JsonThread {
  /** The body's value, parsed as Fastify's parser does (prototype poisoning refused). */
  parse(body: Buffer): Promise<ThreadOutcome>;
  close(): Promise<void>;
}

/**
 * Strings at least this long come back from the thread as UTF-8 bytes, moved rather than
 * copied: cloning an import's 9 MB file as a string held the event loop about 30 ms, decoding
 * its bytes takes about 1 ms.
 */
export const MOVED_STRING_FROM = 64 * 1024;

/** A long string of the value, by the keys that lead to it, sent as its bytes. */
interface MovedString {
  path: (string | number)[];
  bytes: ArrayBuffer;
}

/**
 * The thread's code: the same depth check as the event loop's (its source, passed in) and the
 * same parser as Fastify's default, secure-json-parse with poisoning refused. The body comes as
 * bytes; the value goes back with its long strings emptied and their bytes beside it. The walk
 * is over a value the depth check has already bounded.
 */
const threadSource = (depthCheck: string) => `
const { parentPort, workerData } = require("node:worker_threads");
const secureJsonParse = require(workerData.parser);
const nestsDeeperThan = ${depthCheck};
function moveLongStrings(value, path, moved) {
  if (value === null || typeof value !== "object") return;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    if (typeof item === "string" && item.length >= workerData.movedFrom) {
      const bytes = Buffer.from(item, "utf8");
      // A Buffer this large owns its memory, whole: it can be moved.
      moved.push({ path: at, bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) });
      value[key] = "";
    } else {
      moveLongStrings(item, at, moved);
    }
  }
}
parentPort.on("message", ({ id, bytes }) => {
  const text = Buffer.from(bytes).toString("utf8");
  if (nestsDeeperThan(text, workerData.maxDepth)) {
    parentPort.postMessage({ id, outcome: { ok: false, tooDeep: true } });
    return;
  }
  let value;
  try {
    value = secureJsonParse.parse(text, { protoAction: "error", constructorAction: "error" });
  } catch {
    parentPort.postMessage({ id, outcome: { ok: false, tooDeep: false } });
    return;
  }
  const moved = [];
  moveLongStrings(value, [], moved);
  parentPort.postMessage({ id, outcome: { ok: true, value }, moved }, moved.map((item) => item.bytes));
});
`;

/** Fastify's own JSON parser, found where Fastify finds it. */
const parserPath = createRequire(createRequire(import.meta.url).resolve("fastify")).resolve(
  "secure-json-parse",
);

/** The thread's value with its long strings put back. */
function restored(outcome: ThreadOutcome, moved: readonly MovedString[]): ThreadOutcome {
  if (!outcome.ok) return outcome;
  for (const { path, bytes } of moved) {
    if (path.length === 0) return { ok: true, value: Buffer.from(bytes).toString("utf8") };
    let holder = outcome.value as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
    holder[path.at(-1)!] = Buffer.from(bytes).toString("utf8");
  }
  return outcome;
}

/** The body's bytes as an ArrayBuffer of their own, to be moved to the thread. */
function ownBytes(body: Buffer): ArrayBuffer {
  const whole = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
  return whole && body.buffer instanceof ArrayBuffer
    ? body.buffer
    : (body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer);
}

/**
 * A thread that checks and parses large JSON bodies beside the event loop, started with the
 * first one. `depthCheck` is the event loop's own check (json-body.ts), run there from its source.
 * The body's bytes are moved there and the long strings of its value moved back, never cloned.
 */
export function jsonThread(
  depthCheck: (text: string, limit: number) => boolean,
  maxDepth: number,
): JsonThread {
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<
    number,
    { resolve: (outcome: ThreadOutcome) => void; reject: (error: Error) => void }
  >();

  function started(): Worker {
    if (worker) return worker;
    const thread = new Worker(threadSource(depthCheck.toString()), {
      eval: true,
      workerData: { parser: parserPath, maxDepth, movedFrom: MOVED_STRING_FROM },
    });
    thread.unref();
    thread.on(
      "message",
      ({ id, outcome, moved }: { id: number; outcome: ThreadOutcome; moved?: MovedString[] }) => {
        waiting.get(id)?.resolve(restored(outcome, moved ?? []));
        waiting.delete(id);
        if (waiting.size === 0) thread.unref();
      },
    );
    thread.on("error", (error) => {
      for (const { reject } of waiting.values()) reject(error);
      waiting.clear();
      worker = null;
    });
    worker = thread;
    return thread;
  }

  return {
    parse(body) {
      const thread = started();
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        thread.ref();
        const bytes = ownBytes(body);
        thread.postMessage({ id, bytes }, [bytes]);
      });
    },
    async close() {
      await worker?.terminate();
      worker = null;
    },
  };
}
