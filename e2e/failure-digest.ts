import { cpus, freemem, loadavg, totalmem } from "node:os";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** The lines tests/polled-prices.ts writes about the API's answers. */
const ANSWER_NOTE = /^\[(slow answer|failed answer|unanswered)\]/;
/** At most this many notes per failed attempt: the digest is for a log's tail. */
const NOTES_PER_ATTEMPT = 12;

/**
 * A few lines at the very end of a run for a log read from its tail (CI's): the machine and its
 * load, the slowest spec files, and for each failed attempt what the API was doing: its slow,
 * failed and unanswered requests. The list reporter has printed all of it earlier, scattered.
 */
export default class FailureDigest implements Reporter {
  private readonly started = Date.now();
  private readonly fileMs = new Map<string, number>();
  private readonly failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const file = test.location.file.replace(/^.*\/tests\//, "");
    this.fileMs.set(file, (this.fileMs.get(file) ?? 0) + result.duration);
    if (result.status === test.expectedStatus) return;
    const notes = result.stdout
      .map((line) => line.toString().trim())
      .filter((line) => ANSWER_NOTE.test(line));
    const attempt = result.retry > 0 ? ` (retry ${result.retry})` : "";
    this.failures.push(
      `${file} › ${test.title}${attempt}: ${result.status} after ${result.duration} ms`,
      ...notes.slice(0, NOTES_PER_ATTEMPT).map((note) => `  ${note}`),
      ...(notes.length > NOTES_PER_ATTEMPT ? [`  … ${notes.length - NOTES_PER_ATTEMPT} more`] : []),
      ...(notes.length === 0 ? ["  (no slow, failed or unanswered API request)"] : []),
    );
  }

  onEnd(result: FullResult) {
    const minutes = ((Date.now() - this.started) / 60_000).toFixed(1);
    const load = loadavg()
      .map((value) => value.toFixed(1))
      .join(" ");
    const memory = `${(freemem() / 2 ** 30).toFixed(1)} of ${(totalmem() / 2 ** 30).toFixed(1)} GiB free`;
    const slowest = [...this.fileMs]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([file, ms]) => `${file} ${(ms / 1000).toFixed(0)} s`);
    const lines = [
      `e2e digest: ${result.status} in ${minutes} min on ${cpus().length} × ${cpus()[0]?.model ?? "?"}, load ${load}, ${memory}`,
      `slowest files: ${slowest.join(", ")}`,
      ...this.failures,
    ];
    console.log(`\n${lines.join("\n")}`);
  }

  printsToStdio() {
    return true;
  }
}
