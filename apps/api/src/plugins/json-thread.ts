import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

export type ThreadOutcome = { ok: true; value: unknown } | { ok: false; tooDeep: boolean };

export interface JsonThread {
  /** The body's value, parsed as Fastify's parser does (prototype poisoning refused). */
  parse(text: string): Promise<ThreadOutcome>;
  close(): Promise<void>;
}

/**
 * The thread's code: the same depth check as the event loop's (its source, passed in) and the
 * same parser as Fastify's default, secure-json-parse with poisoning refused.
 */
const threadSource = (depthCheck: string) => `
const { parentPort, workerData } = require("node:worker_threads");
const secureJsonParse = require(workerData.parser);
const nestsDeeperThan = ${depthCheck};
parentPort.on("message", ({ id, text }) => {
  if (nestsDeeperThan(text, workerData.maxDepth)) {
    parentPort.postMessage({ id, outcome: { ok: false, tooDeep: true } });
    return;
  }
  let outcome;
  try {
    outcome = { ok: true, value: secureJsonParse.parse(text, { protoAction: "error", constructorAction: "error" }) };
  } catch {
    outcome = { ok: false, tooDeep: false };
  }
  parentPort.postMessage({ id, outcome });
});
`;

/** Fastify's own JSON parser, found where Fastify finds it. */
const parserPath = createRequire(createRequire(import.meta.url).resolve("fastify")).resolve(
  "secure-json-parse",
);

/**
 * A thread that checks and parses large JSON bodies beside the event loop, started with the
 * first one. `depthCheck` is the event loop's own check (json-body.ts), run there from its source.
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
      workerData: { parser: parserPath, maxDepth },
    });
    thread.unref();
    thread.on("message", ({ id, outcome }: { id: number; outcome: ThreadOutcome }) => {
      waiting.get(id)?.resolve(outcome);
      waiting.delete(id);
      if (waiting.size === 0) thread.unref();
    });
    thread.on("error", (error) => {
      for (const { reject } of waiting.values()) reject(error);
      waiting.clear();
      worker = null;
    });
    worker = thread;
    return thread;
  }

  return {
    parse(text) {
      const thread = started();
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        thread.ref();
        thread.postMessage({ id, text });
      });
    },
    async close() {
      await worker?.terminate();
      worker = null;
    },
  };
}
