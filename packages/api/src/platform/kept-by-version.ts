import type { AppDeps } from "./scope";

/**
 * A figure worked from many rows, kept in this process while the data versions it was built
 * under hold (decision 0051): a repeat read with nothing changed is a look-up. Each slot (a
 * user's figure of one kind, e.g. "7:all:ALL") keeps one value, the one built under its latest
 * version; the least recently read slots go first. Concurrent reads of one slot and version
 * share one build, and a build that fails is forgotten, so the next read tries again.
 */
export class KeptByVersion<T> {
  private readonly kept = new WeakMap<
    AppDeps,
    Map<string, { version: string; value: Promise<T> }>
  >();

  constructor(private readonly slots: number) {}

  /** The value of `slot` under `version`; built (and kept) if not kept, never kept without one. */
  read(
    deps: AppDeps,
    slot: string,
    version: string | undefined,
    build: () => Promise<T>,
  ): Promise<T> {
    if (version === undefined) return build();
    const mine = this.kept.get(deps) ?? new Map<string, { version: string; value: Promise<T> }>();
    this.kept.set(deps, mine);
    let found = mine.get(slot);
    if (found?.version !== version) {
      const fresh = { version, value: build() };
      fresh.value.catch(() => mine.get(slot) === fresh && mine.delete(slot));
      found = fresh;
    }
    // Most recently read last.
    mine.delete(slot);
    mine.set(slot, found);
    while (mine.size > this.slots) mine.delete(mine.keys().next().value!);
    return found.value;
  }
}
