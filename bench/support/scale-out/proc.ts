import { readFileSync } from "node:fs";

/** What Linux's /proc tells of the bench's processes; zeros where it cannot be read. */

/** A process's CPU time so far (user + system, in clock ticks of 10 ms), from /proc on Linux. */
export function cpuTicks(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    // The fields after the command's closing parenthesis: state is 3rd, utime 14th, stime 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * A process's main thread (its event loop) so far: the time it ran on a CPU and the time it was
 * ready to run but waited for one (/proc/<pid>/schedstat, in ns). A loop late while its thread
 * waits for a CPU is late because the machine is busy, not because of its own work.
 */
export function schedStat(pid: number | undefined): { runNs: number; waitNs: number } {
  if (pid === undefined) return { runNs: 0, waitNs: 0 };
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ");
    return { runNs: Number(run), waitNs: Number(wait) };
  } catch {
    return { runNs: 0, waitNs: 0 };
  }
}
