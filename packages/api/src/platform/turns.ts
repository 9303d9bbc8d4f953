import { setImmediate as yieldToEventLoop } from "node:timers/promises";

/**
 * The longest a long computation (an import's 200,000 rows) holds the event loop before other
 * requests get a turn (issue 29, decision 0022). Time, not a count of items: an item's cost
 * varies a hundredfold between inputs, and a busy machine makes each one slower.
 */
export const TURN_MS = 8;

/**
 * A long computation's share of the event loop: `if (turns.due()) await turns.next();` in its
 * loop hands the loop over whenever TURN_MS have passed since the computation last had it.
 */
export class Turns {
  #started = performance.now();

  /** Whether this turn has run its TURN_MS. */
  due(): boolean {
    return performance.now() - this.#started >= TURN_MS;
  }

  /** Lets every waiting request and timer run, then starts a new turn. */
  async next(): Promise<void> {
    await yieldToEventLoop();
    this.#started = performance.now();
  }
}

/** Items between two looks at the clock in the sort's merges. */
const CLOCK_EVERY = 256;
/** The length of the runs Array.prototype.sort orders before they are merged. */
const RUN = 512;

/**
 * The order Array.prototype.sort gives with `compare` (stable: equal items keep their order),
 * in turns of the event loop: runs of RUN items are sorted, then merged two by two. A sort of
 * 200,000 rows with a comparator is 100 ms and more in one go. Items already in order cost one
 * pass. Answers a new array.
 */
export async function sortInTurns<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  turns = new Turns(),
): Promise<T[]> {
  const length = items.length;
  let ordered = true;
  for (let index = 1; index < length && ordered; index++) {
    ordered = compare(items[index - 1]!, items[index]!) <= 0;
    if (index % CLOCK_EVERY === 0 && turns.due()) await turns.next();
  }
  if (ordered) return [...items];
  let from: T[] = [];
  for (let start = 0; start < length; start += RUN) {
    for (const item of items.slice(start, start + RUN).sort(compare)) from.push(item);
    if (turns.due()) await turns.next();
  }
  let to = new Array<T>(length);
  for (let width = RUN; width < length; width *= 2) {
    for (let left = 0; left < length; left += 2 * width) {
      const middle = Math.min(left + width, length);
      const right = Math.min(left + 2 * width, length);
      let a = left;
      let b = middle;
      let k = left;
      while (a < middle && b < right) {
        // The right run's item goes first only when strictly smaller: equal items keep their order.
        to[k++] = compare(from[b]!, from[a]!) < 0 ? from[b++]! : from[a++]!;
        if (k % CLOCK_EVERY === 0 && turns.due()) await turns.next();
      }
      while (a < middle) to[k++] = from[a++]!;
      while (b < right) to[k++] = from[b++]!;
      if (turns.due()) await turns.next();
    }
    [from, to] = [to, from];
  }
  return from;
}
