import { addDays, type IsoDate } from "../../calendar/dates";
import { isTradingDay } from "../../calendar/nyse-calendar";
import { hashText } from "../random";

/** The first day with simulated bars: two full years before the 2025 anchor. */
export const SIM_HISTORY_START: IsoDate = "2023-01-03";
/** The day the curated prices are anchored to; the random walk runs both ways from it. */
export const SIM_ANCHOR_DATE: IsoDate = "2025-01-02";

/**
 * The NYSE trading days from SIM_HISTORY_START onwards, numbered, so that a stock's history can
 * live in flat arrays. Extends itself as the clock moves on.
 */
export class TradingDays {
  private readonly days: IsoDate[] = [];
  private readonly hashes: number[] = [];
  private readonly positions = new Map<IsoDate, number>();
  private coveredThrough: IsoDate = addDays(SIM_HISTORY_START, -1);

  constructor(through: IsoDate = "2031-12-31") {
    this.ensureThrough(through);
  }

  get length(): number {
    return this.days.length;
  }

  ensureThrough(date: IsoDate): void {
    if (date <= this.coveredThrough) return;
    const target = addDays(date, 366);
    for (let day = addDays(this.coveredThrough, 1); day <= target; day = addDays(day, 1)) {
      if (!isTradingDay(day)) continue;
      this.positions.set(day, this.days.length);
      this.days.push(day);
      this.hashes.push(hashText(day));
    }
    this.coveredThrough = target;
  }

  dateAt(index: number): IsoDate {
    const date = this.days[index];
    if (date === undefined) throw new RangeError(`No trading day ${index}`);
    return date;
  }

  /** A stable hash of the day's date, shared by every model (keys the day's randomness). */
  hashAt(index: number): number {
    return this.hashes[index] ?? 0;
  }

  indexOf(date: IsoDate): number | undefined {
    this.ensureThrough(date);
    return this.positions.get(date);
  }

  /** The first trading day on or after `date` (its index may equal `length` when past the end). */
  firstIndexOnOrAfter(date: IsoDate): number {
    this.ensureThrough(date);
    let low = 0;
    let high = this.days.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.days[mid]! < date) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The last trading day on or before `date`, or -1 when it is before the history starts. */
  lastIndexOnOrBefore(date: IsoDate): number {
    const index = this.firstIndexOnOrAfter(date);
    return this.days[index] === date ? index : index - 1;
  }
}
