import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Decisions 0053 and 0066: the production server runs with a 4 MB young generation and two
// malloc arenas (idle RSS about 10 MB lower, throughput within the noise). An operator starts it
// from three places; they must carry the settings and not drift apart.
const EXPECTED = { env: { MALLOC_ARENA_MAX: "2" }, flags: ["--max-semi-space-size=4"] };
const SERVER = "apps/api/dist/server.js";
const root = join(import.meta.dirname, "..", "..", "..", "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");

/** `pnpm start`'s command after the build: `NAME=value ... node --flag ... apps/api/dist/server.js`. */
function startScript(): string {
  const { scripts } = JSON.parse(read("package.json")) as { scripts: { start: string } };
  return scripts.start.split(" && ").at(-1)!;
}

/** A systemd unit's `Environment=` lines (but its port and role) and `ExecStart` flags. */
function unit(path: string) {
  const lines = read(path).split("\n");
  const run = lines
    .find((line) => line.startsWith("ExecStart="))!
    .slice("ExecStart=".length)
    .split(" ");
  expect([run[0], run.at(-1)]).toEqual(["/usr/bin/node", SERVER]);
  const env = lines
    .filter((line) => line.startsWith("Environment="))
    .map((line) => line.slice("Environment=".length).split("=") as [string, string])
    .filter(([name]) => name !== "PORT" && name !== "LEDGERLINE_ROLE");
  return { env: Object.fromEntries(env), flags: run.slice(1, -1) };
}

describe("the production start commands", () => {
  it("pnpm start hands node the memory settings (run by the shell as pnpm runs it)", () => {
    const command = startScript();
    expect(command.endsWith(` ${SERVER}`)).toBe(true);
    // The same command with the server swapped for a line that prints what node was given (its
    // execArgv ends with that -p and its script).
    const probe = command.replace(
      SERVER,
      `-p 'JSON.stringify({ env: { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX }, flags: process.execArgv.slice(0, -2) })'`,
    );
    const seen = execFileSync("sh", ["-c", probe], { cwd: root, encoding: "utf8" });
    expect(JSON.parse(seen)).toEqual(EXPECTED);
  });

  it("the systemd units run the API and the workers with the same settings", () => {
    expect(unit("deploy/systemd/ledgerline-api@.service")).toEqual(EXPECTED);
    expect(unit("deploy/systemd/ledgerline-worker@.service")).toEqual(EXPECTED);
  });
});
