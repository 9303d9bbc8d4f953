/**
 * Work this process starts and does not wait for: the in-process jobs (jobs/process-jobs.ts)
 * and what is not a job (the accounts' read-ahead). It is kept until it ends so that whoever
 * needs its outcome (a test, before it asserts) can wait for exactly that instead of guessing
 * how long it takes on a busy machine.
 */
export interface BackgroundWork {
  /** Starts `work` now, off the caller's path; a failure goes to `onError`. */
  run(work: () => Promise<unknown>, onError: (error: unknown) => void): void;
  /** Resolves once all work started so far has ended, and whatever that work started too. */
  settled(): Promise<void>;
}

export function createBackgroundWork(): BackgroundWork {
  const running = new Set<Promise<void>>();
  return {
    run(work, onError) {
      const ended: Promise<void> = (async () => {
        await work();
      })()
        .catch(onError)
        .finally(() => running.delete(ended));
      running.add(ended);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
