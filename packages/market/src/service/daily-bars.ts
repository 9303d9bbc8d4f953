import type { HistoricalBar } from "@ledgerline/contracts";
import { addDays, maxDate, minDate } from "../calendar/dates";
import { newYorkMidnight } from "../calendar/new-york-time";
import {
  lastCompletedSession,
  previousTradingDay,
  sessionInProgress,
  sessionOn,
  tradingDaysBetween,
} from "../calendar/nyse-calendar";
import type { Clock } from "@ledgerline/clock";
import type { StockMarketProvider, TickerSnapshot } from "../providers/types";
import type { SingleFlight } from "../resilience/single-flight";
import type { DateRange, MarketStore } from "../store/market-store";
import type { ProviderGateway } from "./provider-gateway";

/**
 * Daily history through the store: finished sessions are fetched once and persisted, so a chart
 * only ever asks upstream for days it has never seen. The running session's bar is not final and
 * is not stored; it is built from the (cached) snapshot instead.
 */
export class DailyBarHistory {
  constructor(
    private readonly provider: StockMarketProvider,
    private readonly gateway: ProviderGateway,
    private readonly store: MarketStore,
    private readonly singleFlight: SingleFlight,
    private readonly clock: Clock,
    private readonly currentSnapshot: (symbol: string) => Promise<TickerSnapshot>,
  ) {}

  async bars(symbol: string, from: string, to: string): Promise<HistoricalBar[]> {
    if (from > to) return [];
    const now = this.clock.now();
    const lastFinal = lastCompletedSession(now).date;
    const finalTo = minDate(to, lastFinal);
    const bars =
      from <= finalTo
        ? await this.singleFlight.run(`bars:${this.provider.id}:${symbol}:${from}:${finalTo}`, () =>
            this.finalBars(symbol, from, finalTo),
          )
        : [];

    const running = sessionInProgress(now);
    if (running && from <= running.date && running.date <= to) {
      const today = await this.runningBar(symbol, running.date);
      if (today) bars.push(today);
    }
    return bars;
  }

  private finalBars(symbol: string, from: string, to: string): Promise<HistoricalBar[]> {
    return barsThroughStore({
      store: this.store,
      source: this.provider.id,
      symbol,
      wanted: { from, to },
      // A gap of weekends and holidays has nothing to fetch.
      worthFetching: (gap) => tradingDaysBetween(gap.from, gap.to).length > 0,
      fetch: (gap) =>
        this.gateway.call("bars", () =>
          this.provider.getDailyBars({ ticker: symbol, from: gap.from, to: gap.to }),
        ),
      extend: extendCoverage,
    });
  }

  private async runningBar(symbol: string, date: string): Promise<HistoricalBar | undefined> {
    try {
      const snapshot = await this.currentSnapshot(symbol);
      const { open, high, low, close, volume } = snapshot.day;
      if (!open || !high || !low || close === "0") return undefined;
      if (!sessionOn(date)) return undefined;
      return { date, t: newYorkMidnight(date), o: open, h: high, l: low, c: close, v: volume };
    } catch {
      // The chart still shows history when today's quote is unavailable.
      return undefined;
    }
  }
}

/**
 * The stored bars of `wanted` (stocks' or coins'), after fetching the gaps the store's coverage
 * leaves and saving what came with the coverage `extend` makes of it; the fetched bars alone when
 * nothing is covered yet and nothing came. Only each gap's own days are kept from an answer.
 */
export async function barsThroughStore({
  store,
  source,
  symbol,
  wanted,
  worthFetching = () => true,
  fetch,
  extend,
}: {
  store: MarketStore;
  source: string;
  symbol: string;
  wanted: DateRange;
  worthFetching?: (gap: DateRange) => boolean;
  fetch: (gap: DateRange) => Promise<HistoricalBar[]>;
  extend: (
    coverage: DateRange | undefined,
    wanted: DateRange,
    fetched: readonly HistoricalBar[],
  ) => DateRange | undefined;
}): Promise<HistoricalBar[]> {
  const coverage = await store.getBarCoverage(source, symbol);
  const gaps = missingRanges(wanted, coverage).filter(worthFetching);
  if (gaps.length === 0 && coverage) return store.getDailyBars(source, symbol, wanted);

  const fetched: HistoricalBar[] = [];
  for (const gap of gaps) {
    const bars = await fetch(gap);
    fetched.push(...bars.filter((bar) => bar.date >= gap.from && bar.date <= gap.to));
  }
  const covered = extend(coverage, wanted, fetched);
  if (!covered) return fetched;
  await store.saveDailyBars(source, symbol, fetched, covered);
  return store.getDailyBars(source, symbol, wanted);
}

/**
 * The ranges of `wanted` not in `covered`, widened where needed so that covered plus the gaps is
 * again one contiguous range.
 */
export function missingRanges(wanted: DateRange, covered: DateRange | undefined): DateRange[] {
  if (!covered) return [wanted];
  const gaps: DateRange[] = [];
  if (wanted.from < covered.from) gaps.push({ from: wanted.from, to: addDays(covered.from, -1) });
  if (wanted.to > covered.to) gaps.push({ from: addDays(covered.to, 1), to: wanted.to });
  return gaps;
}

/** What coverage needs of a market's calendar: a range's last trading day, the one before a day. */
export interface BarCalendar {
  lastDay(range: DateRange): string | undefined;
  dayBefore(day: string): string;
}

/**
 * The coverage after fetching `wanted`, in a market's calendar. A provider may publish a day's
 * bar a little after it ends, so a newly fetched last trading day without a bar is left
 * uncovered: the next request asks again instead of remembering a hole. Undefined when nothing
 * is known yet.
 */
export function coverageAfter(
  calendar: BarCalendar,
  coverage: DateRange | undefined,
  wanted: DateRange,
  fetched: readonly HistoricalBar[],
): DateRange | undefined {
  const covered: DateRange = coverage
    ? { from: minDate(coverage.from, wanted.from), to: maxDate(coverage.to, wanted.to) }
    : { ...wanted };
  const last = calendar.lastDay(wanted);
  const alreadyKnown = coverage !== undefined && last !== undefined && last <= coverage.to;
  if (last && !alreadyKnown && !fetched.some((bar) => bar.date === last)) {
    covered.to = maxDate(calendar.dayBefore(last), coverage?.to ?? "");
  }
  if (!coverage && fetched.length === 0) return undefined;
  return covered.from <= covered.to ? covered : coverage;
}

const nyseDays: BarCalendar = {
  lastDay: (range) => tradingDaysBetween(range.from, range.to).at(-1),
  dayBefore: previousTradingDay,
};

/** The coverage of stocks' bars after fetching `wanted`: NYSE sessions (coverageAfter). */
export function extendCoverage(
  coverage: DateRange | undefined,
  wanted: DateRange,
  fetched: readonly HistoricalBar[],
): DateRange | undefined {
  return coverageAfter(nyseDays, coverage, wanted, fetched);
}
