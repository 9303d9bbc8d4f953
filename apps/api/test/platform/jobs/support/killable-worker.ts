import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

/** A worker script of this folder running in a process of its own, for a test to kill mid-job. */
export interface KillableWorker {
  /** The first line the worker wrote (or writes later) that starts with `word`. */
  said(word: string): Promise<string>;
  /** Kills it as a crash would (SIGKILL): no goodbye to Redis, its job left locked. */
  kill(): Promise<void>;
}

async function killHard(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGKILL");
  await exited;
}

/**
 * The worker processes of one test file: `start` runs a script of this folder, `killAll` (in
 * afterEach) makes sure none outlives its test, holding a job or the Redis keys.
 */
export function killableWorkers() {
  const running: ChildProcess[] = [];
  return {
    start(script: string, args: string[]): KillableWorker {
      const path = fileURLToPath(new URL(`./${script}`, import.meta.url));
      // Node itself with tsx's loader, not the tsx command: SIGKILL must reach the worker, and
      // the command would die alone, leaving its node child holding the job.
      const child = spawn(process.execPath, ["--import", "tsx", path, ...args], {
        cwd: fileURLToPath(new URL("../../../..", import.meta.url)),
        stdio: ["ignore", "pipe", "inherit"],
      });
      running.push(child);
      const lines: string[] = [];
      let partial = "";
      const waiting: { word: string; resolve: (line: string) => void }[] = [];
      child.stdout.on("data", (chunk: Buffer) => {
        // A chunk may end mid-line: only whole lines count.
        const parts = (partial + chunk.toString()).split("\n");
        partial = parts.pop()!;
        lines.push(...parts.map((line) => line.trim()));
        for (const waiter of waiting.splice(0)) {
          const line = lines.find((candidate) => candidate.startsWith(waiter.word));
          if (line === undefined) waiting.push(waiter);
          else waiter.resolve(line);
        }
      });
      return {
        said: (word) =>
          new Promise((resolve) => {
            const line = lines.find((candidate) => candidate.startsWith(word));
            if (line === undefined) waiting.push({ word, resolve });
            else resolve(line);
          }),
        kill: () => killHard(child),
      };
    },
    async killAll() {
      await Promise.all(running.splice(0).map(killHard));
    },
  };
}
