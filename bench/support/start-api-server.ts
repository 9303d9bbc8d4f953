import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { createInterface } from "node:readline";

const serverSource = join(import.meta.dirname, "api-server.ts");
const apiDirectory = join(import.meta.dirname, "..", "..", "apps", "api");
const bundle = "dist-bench-throughput";

/**
 * Starts support/api-server.ts in a process of its own (bundled as production runs it when
 * `built`, apps/api/build.mjs), with `nodeFlags`, and answers what it printed when ready.
 */
export async function startApiServer({
  built,
  nodeFlags = [],
}: {
  built: boolean;
  nodeFlags?: string[];
}) {
  if (built) {
    execFileSync(process.execPath, ["build.mjs", bundle, serverSource], { cwd: apiDirectory });
  }
  const server = spawn(
    process.execPath,
    built
      ? [...nodeFlags, join(apiDirectory, bundle, "api-server.js")]
      : [...nodeFlags, "--import", "tsx", serverSource],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const [line] = (await once(createInterface({ input: server.stdout }), "line")) as [string];
  const ready = JSON.parse(line) as {
    port: number;
    barePort: number;
    token: string;
    reads: { name: string; trpc: string; rest: string }[];
  };
  return { server, ...ready, headers: { authorization: `Bearer ${ready.token}` } };
}
