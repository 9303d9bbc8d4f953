/**
 * Runs every benchmark script in this folder, one process each so that none warms the other's
 * caches or JIT. Benchmarks print their figures; they assert nothing.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const here = import.meta.dirname;
const scripts = readdirSync(here)
  .filter((file) => file.endsWith(".ts") && file !== "run-all.ts" && !file.endsWith(".config.ts"))
  .sort();

let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script} ===`);
  const result = spawnSync(process.execPath, ["--import", "tsx", join(here, script)], {
    stdio: "inherit",
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
