import type { ImportJobView } from "@ledgerline/contracts";
import type { Signals } from "../platform/shared-state/shared-state";

/** Where a running import job is, as its worker reports it to every process. */
export interface ImportProgressEvent {
  id: number;
  userId: number;
  status: ImportJobView["status"];
  done: number;
  total: number;
}

const PROGRESS_CHANNEL = "import-progress";
const CANCEL_CHANNEL = "import-cancel";
/** Jobs whose last progress a process remembers (the newest kept). */
const REMEMBERED = 1_000;

/** Thrown in an import job's write transaction once the job is cancelled: it rolls back. */
export class ImportCancelled extends Error {
  constructor() {
    super("the import was cancelled");
    this.name = "ImportCancelled";
  }
}

/** What the worker running a job learns of it while it runs. */
export interface RunningImport {
  readonly cancelled: boolean;
}

/**
 * An import job's progress and cancel, between the worker that runs it and the API processes
 * that show it (signals: in memory with one process, Redis pub/sub across several). Progress
 * goes through signals, not the job's row: on SQLite the import's write transaction holds the
 * database's write lock until it ends, and a row written inside it is seen by no one before it
 * commits. Each process remembers the last progress of recent jobs for the status query.
 */
export class ImportProgress {
  private readonly last = new Map<number, ImportProgressEvent>();
  private readonly running = new Map<number, { cancelled: boolean }>();

  constructor(private readonly signals: Signals) {
    signals.subscribe(PROGRESS_CHANNEL, (message) => {
      const event = JSON.parse(message) as ImportProgressEvent;
      this.last.delete(event.id);
      this.last.set(event.id, event);
      if (this.last.size > REMEMBERED) this.last.delete(this.last.keys().next().value!);
    });
    signals.subscribe(CANCEL_CHANNEL, (message) => {
      const running = this.running.get(Number(message));
      if (running) running.cancelled = true;
    });
  }

  /** Tells every process where the job is; a lost signal only delays the page's bar. */
  report(event: ImportProgressEvent): Promise<void> {
    return this.signals.publish(PROGRESS_CHANNEL, JSON.stringify(event)).catch(() => {});
  }

  /** The last progress this process heard of the job, if any. */
  lastOf(id: number): ImportProgressEvent | undefined {
    return this.last.get(id);
  }

  /** Calls `handler` with each progress of the job; returns a function that stops it. */
  watch(id: number, handler: (event: ImportProgressEvent) => void): () => void {
    return this.signals.subscribe(PROGRESS_CHANNEL, (message) => {
      const event = JSON.parse(message) as ImportProgressEvent;
      if (event.id === id) handler(event);
    });
  }

  /** Asks whichever process runs the job to stop it. */
  cancel(id: number): Promise<void> {
    return this.signals.publish(CANCEL_CHANNEL, String(id));
  }

  /** The worker's hold on a job it runs: its `cancelled` turns true once a cancel is heard. */
  claim(id: number): RunningImport & { release(): void } {
    const running = { cancelled: false };
    this.running.set(id, running);
    return {
      get cancelled() {
        return running.cancelled;
      },
      release: () => {
        if (this.running.get(id) === running) this.running.delete(id);
      },
    };
  }
}
