/**
 * Gathers values arriving at any rate and hands them on at most once per `intervalMs`, all
 * together and the newest per key: the first at once (after a quiet spell), the rest at the end
 * of the interval. What a screen repaints from ticks then repaints once an interval, however many
 * symbols move in it.
 */
export function tickBatches<T>(
  keyOf: (value: T) => string,
  write: (values: T[]) => void,
  intervalMs: number,
): (value: T) => void {
  const waiting = new Map<string, T>();
  let lastWrite = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush() {
    timer = undefined;
    lastWrite = Date.now();
    const values = [...waiting.values()];
    waiting.clear();
    write(values);
  }

  return (value) => {
    const key = keyOf(value);
    waiting.delete(key);
    waiting.set(key, value);
    timer ??= setTimeout(flush, Math.max(0, lastWrite + intervalMs - Date.now()));
  };
}
