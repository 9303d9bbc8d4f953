/**
 * Concurrent requests for one key share one execution: the first caller runs the work, the rest
 * wait for its result. This is what turns 100 simultaneous page loads into one upstream call.
 */
export interface SingleFlight {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export class InMemorySingleFlight implements SingleFlight {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running as Promise<T>;
    const started = (async () => {
      try {
        return await work();
      } finally {
        this.inFlight.delete(key);
      }
    })();
    this.inFlight.set(key, started);
    return started;
  }

  get pending(): number {
    return this.inFlight.size;
  }
}
