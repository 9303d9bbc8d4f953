import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..");

/**
 * The environment (`NAME=value`, e.g. malloc's) and node flags `pnpm start` runs the server
 * with, read from the root package's start script: a bench of the server's memory measures the
 * process an operator runs, not node's defaults.
 */
export function startCommand(): { env: Record<string, string>; flags: string[] } {
  const scripts = (
    JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      scripts: { start: string };
    }
  ).scripts;
  const command = /((?:[A-Z_]+=\S+ )*)node ((?:--\S+ )*)apps\/api\/dist\/server\.js/.exec(
    scripts.start,
  );
  if (!command) throw new Error("The start script does not run apps/api/dist/server.js.");
  const words = (text: string) => text.trim().split(" ").filter(Boolean);
  return {
    env: Object.fromEntries(words(command[1]!).map((pair) => pair.split("=") as [string, string])),
    flags: words(command[2]!),
  };
}
