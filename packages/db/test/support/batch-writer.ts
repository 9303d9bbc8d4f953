// A second process on the test's SQLite file (argv[2]): batches back to back, as an import's
// worker writes them, until killed. It writes a line once its first batch is in.
import { setImmediate as nextTurn } from "node:timers/promises";
import { openSqliteDatabase, raw } from "../../src";

const database = openSqliteDatabase(process.argv[2]!);
const batch = Array.from({ length: 500 }, () => "(?, ?)").join(", ");
const params = Array.from({ length: 1000 }, (_, i) => (i % 2 ? "x".repeat(200) : i));
for (let written = 0; ; written++) {
  await database.transaction(
    function* () {
      yield* raw(`INSERT INTO batch_rows (k, v) VALUES ${batch}`, params);
      yield* raw(`INSERT INTO batch_rows (k, v) VALUES ${batch}`, params);
    },
    { pauses: true },
  );
  if (written === 0) process.stdout.write("written\n");
  await nextTurn();
}
