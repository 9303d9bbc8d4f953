import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { setImmediate as nextTurn } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqliteDatabase, raw, type SqliteDatabase } from "../src";
import { openTestDatabase } from "../src/testing";

/**
 * Split roles (LEDGERLINE_ROLE=api and =worker) on one SQLite file: the worker writes an
 * import's batches back to back, each a pausing transaction on its thread of long writes, while
 * the API process writes. The tests run both roles' apps in one process, each with a database
 * of its own on the file.
 */

const BATCH = Array.from({ length: 500 }, () => "(?, ?)").join(", ");
const BATCH_PARAMS = Array.from({ length: 1000 }, (_, i) => (i % 2 ? "x".repeat(200) : i));

/** Batches of 1,000 rows, each in a pausing transaction, back to back until `stop()`. */
function writeBatchesBackToBack(database: SqliteDatabase) {
  let stopped = false;
  let batches = 0;
  const writing = (async () => {
    while (!stopped) {
      await database.transaction(
        function* () {
          yield* raw(`INSERT INTO batch_rows (k, v) VALUES ${BATCH}`, BATCH_PARAMS);
          yield* raw(`INSERT INTO batch_rows (k, v) VALUES ${BATCH}`, BATCH_PARAMS);
        },
        { pauses: true },
      );
      batches += 1;
      await nextTurn();
    }
  })();
  return {
    batches: () => batches,
    stop: async () => {
      stopped = true;
      await writing;
    },
  };
}

/** How long each of `count` one-row UPDATEs took, a few ms apart, and what failed. */
async function timedUpdates(database: SqliteDatabase, count: number) {
  const took: number[] = [];
  const failures: string[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    try {
      await database.query("UPDATE counter SET n = n + 1 WHERE id = 1");
    } catch (error) {
      failures.push(String((error as { code?: string }).code));
      break;
    }
    took.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 7));
  }
  return { slowest: Math.max(...took), failures };
}

describe("two databases on one SQLite file, one writing batches back to back", () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeEach(async () => {
    handle = await openTestDatabase();
    await handle.query("CREATE TABLE batch_rows (k INTEGER, v TEXT)");
    await handle.query("CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER)");
    await handle.query("INSERT INTO counter VALUES (1, 0)");
  });
  afterEach(() => handle.close());

  it("in one process, a write on the other database waits for a batch, not the busy timeout", async () => {
    const worker = openSqliteDatabase(handle.path);
    try {
      const writer = writeBatchesBackToBack(worker);
      const { slowest, failures } = await timedUpdates(handle, 40);
      await writer.stop();
      // Without the file's gate: the UPDATE waited on the event loop's thread for the lock the
      // batch held, the batch waited for that thread to send its next INSERT, and after 5 s the
      // UPDATE failed with SQLITE_BUSY (on the 1st to 10th try).
      expect(failures).toEqual([]);
      expect(slowest).toBeLessThan(1000);
      expect(writer.batches()).toBeGreaterThan(5);
    } finally {
      await worker.close();
    }
  });

  it("in two processes, a write waits only for the other's batch", async () => {
    const writerScript = fileURLToPath(new URL("./support/batch-writer.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", writerScript, handle.path], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      // The child says when its first batch is written.
      await new Promise<void>((resolve, reject) => {
        child.stdout.once("data", () => resolve());
        child.once("exit", (code) => reject(new Error(`the batch writer ended (${code})`)));
      });
      const { slowest, failures } = await timedUpdates(handle, 40);
      expect(failures).toEqual([]);
      expect(slowest).toBeLessThan(1000);
    } finally {
      child.kill();
    }
  });
});
