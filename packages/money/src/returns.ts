import {
  big,
  canonical,
  compare,
  compound,
  divide,
  isZero,
  round,
  sign,
  subtract,
  sum,
  type Decimal,
} from "./decimal";
import {
  aligned,
  divideHalfEven,
  fixedToNumber,
  parseFixed,
  quotientUnits,
  roundFixed,
  tenTo,
  TENS_IN_DOUBLE,
  type FixedPoint,
} from "./fixed-point";
import { searchRate, searchRateOf, type RateColumns, type RateTerm } from "./rate";

/**
 * Investment returns: the time-weighted return (chain-linked sub-periods between external flows)
 * and the money-weighted return (XIRR). Ratios are decimal strings (0.1234 = 12.34%) rounded to
 * RETURN_DECIMALS places.
 */
export const RETURN_DECIMALS = 8;

/** Each sub-period's growth factor is carried to this many places before they are multiplied. */
export const FACTOR_DECIMALS = 20;

/** One day of a portfolio: its value at the close, and the money put in (+) or taken out (-) that day. */
export interface DailyValue {
  /** A calendar day, YYYY-MM-DD. */
  date: string;
  /** The value at that day's close, after the day's flows. */
  value: Decimal;
  /** Net external flow of the day: buys at their cost minus sells at their proceeds. */
  flow: Decimal;
}

/** A stretch between two flows: what was there after one flow, and before the next. */
export interface SubPeriod {
  from: string;
  to: string;
  startValue: Decimal;
  endValue: Decimal;
  return: Decimal;
}

export interface TimeWeightedReturn {
  /** Null when nothing was held at any point of the period. */
  timeWeightedReturn: Decimal | null;
  subPeriods: SubPeriod[];
}

/**
 * The time-weighted return of daily values: the period is cut at every day with a flow, each
 * piece's return is (value before the flow) / (value after the previous flow) - 1, and the pieces
 * are chain-linked. A flow is taken in at the day's close, so the day's price move belongs to what
 * was held before it. A buy into an empty portfolio starts its piece at the money put in, so the
 * move from the trade price to the close counts; a stretch with nothing held has no return.
 * The first day is the starting valuation; its flow is already inside its value.
 */
export function timeWeightedReturn(days: readonly DailyValue[]): TimeWeightedReturn {
  return finishTimeWeighted(timeWeightedThrough(days.slice(0, -1)), days.at(-1));
}

/**
 * timeWeightedReturn worked through every day but the last, which finishTimeWeighted adds: what
 * a period's days up to yesterday give, kept while they stand, for a read to add today to. Its
 * pieces' returns are rounded; `growth` is theirs chain-linked.
 */
export interface TimeWeightedThrough {
  /** The piece still open: where it starts. Null before the first day. */
  start: { date: string; value: Decimal } | null;
  subPeriods: readonly SubPeriod[];
  growth: Decimal;
}

interface OpenPieces {
  start: { date: string; value: Decimal } | null;
  subPeriods: SubPeriod[];
  factors: Decimal[];
}

export function timeWeightedThrough(days: readonly DailyValue[]): TimeWeightedThrough {
  const pieces: OpenPieces = { start: null, subPeriods: [], factors: [] };
  for (const day of days) addDay(pieces, day);
  return {
    start: pieces.start,
    subPeriods: pieces.subPeriods,
    // Each link is rounded as compound rounds it, so growth then the last factors compound to
    // the same figure as all factors at once.
    growth: compound(pieces.factors, FACTOR_DECIMALS),
  };
}

/** The return with `last` as the period's last day (none: no days at all). */
export function finishTimeWeighted(
  through: TimeWeightedThrough,
  last: DailyValue | undefined,
): TimeWeightedReturn {
  if (!last || through.start === null) return { timeWeightedReturn: null, subPeriods: [] };
  const pieces: OpenPieces = { start: through.start, subPeriods: [], factors: [] };
  addDay(pieces, last);
  const start = pieces.start!;
  // A piece that starts at the last close has no length; one opened by a buy that day has.
  if (last.date !== start.date || compare(start.value, last.value) !== 0) {
    closePiece(pieces, last.date, last.value);
  }
  const subPeriods = [...through.subPeriods, ...pieces.subPeriods];
  if (subPeriods.length === 0) return { timeWeightedReturn: null, subPeriods };
  const growth = compound([through.growth, ...pieces.factors], FACTOR_DECIMALS);
  return { timeWeightedReturn: round(subtract(growth, "1"), RETURN_DECIMALS), subPeriods };
}

/**
 * timeWeightedReturn from the first day to each day, figure for figure the same as
 * timeWeightedReturn(days.slice(0, i + 1)), in one pass (the value chart's return line): the pieces
 * closed so far are chained once, each day adds only its own open piece. The first day is the
 * period's start: "0" when something is held at its close (where timeWeightedReturn of a single
 * day has no piece), null otherwise.
 */
export function timeWeightedReturns(days: readonly DailyValue[]): (Decimal | null)[] {
  // In BigInt units throughout: each day's value and flow parsed once, the growth factors kept
  // at FACTOR_DECIMALS places, each answer formatted once. The same roundings as compound,
  // divide and round on text (a 5-year line parsed and formatted every factor several times a
  // day: most of a return-basis read of the value chart).
  const one = tenTo(FACTOR_DECIMALS);
  const factorOf = (end: FixedPoint, start: FixedPoint) =>
    divideHalfEven(
      end.units * tenTo(start.scale + FACTOR_DECIMALS),
      start.units * tenTo(end.scale),
    );
  const chained = (a: bigint, b: bigint) => divideHalfEven(a * b, one);
  const returnOf = (growth: bigint) =>
    roundFixed({ units: growth - one, scale: FACTOR_DECIMALS }, RETURN_DECIMALS);
  let start: { date: string; value: FixedPoint } | null = null;
  let growth = one;
  let pieces = 0;
  return days.map((day, index) => {
    const value = fixedOf(day.value);
    if (start === null) {
      start = { date: day.date, value };
    } else {
      const flow = fixedOf(day.flow);
      if (flow.units !== 0n) {
        // As addDay and closePiece: a flow ends the piece at the value before it.
        const held = start.value.units > 0n;
        if (held) {
          const [units, flowUnits, scale] = aligned(value, flow);
          growth = chained(growth, factorOf({ units: units - flowUnits, scale }, start.value));
          pieces += 1;
        }
        start = { date: day.date, value: !held && flow.units > 0n ? flow : value };
      }
    }
    if (index === 0) return value.units > 0n ? "0" : null;
    // As finishTimeWeighted: the open piece runs to this close, unless it has no length.
    const [startUnits, units] = aligned(start.value, value);
    const open =
      start.value.units > 0n && (day.date !== start.date || startUnits !== units)
        ? factorOf(value, start.value)
        : null;
    if (open === null && pieces === 0) return null;
    return returnOf(open === null ? growth : chained(growth, open));
  });
}

/** Decimal text as units and a scale; text that is not plain (an exponent) as big.js reads it. */
const fixedOf = (value: Decimal): FixedPoint =>
  parseFixed(value) ?? parseFixed(canonical(big(value)))!;

/** The first day starts the first piece; a later one with a flow ends its piece and opens one. */
function addDay(pieces: OpenPieces, day: DailyValue): void {
  const start = pieces.start;
  if (start === null) {
    pieces.start = { date: day.date, value: day.value };
    return;
  }
  if (isZero(day.flow)) return;
  closePiece(pieces, day.date, subtract(day.value, day.flow));
  // Into an empty portfolio the piece starts at the money put in; otherwise at the close.
  const opening = sign(start.value) <= 0 && sign(day.flow) > 0;
  pieces.start = { date: day.date, value: opening ? day.flow : day.value };
}

function closePiece(pieces: OpenPieces, to: string, endValue: Decimal): void {
  const start = pieces.start!;
  if (sign(start.value) <= 0) return;
  const factor = divide(endValue, start.value, FACTOR_DECIMALS);
  pieces.factors.push(factor);
  pieces.subPeriods.push({
    from: start.date,
    to,
    startValue: start.value,
    endValue,
    return: round(subtract(factor, "1"), RETURN_DECIMALS),
  });
}

/** A cash dividend of a price series, per share, with the closes around its ex-date. */
export interface ReinvestedDividend {
  exDate: string;
  amount: Decimal;
  /** The close of the last day before the ex-date. */
  previousClose: Decimal;
  /** The close of the ex-date, which no longer carries the dividend. */
  exClose: Decimal;
}

/**
 * The total return of a price series with its cash dividends reinvested on their ex-dates, as a
 * total-return index is built: day by day the close over the previous close, except that an
 * ex-date's is (close + dividend) / previous close. Between dividends the days telescope to the
 * closes at their ends, so the chain is: previousClose_1 / startClose x (exClose_1 + amount_1) /
 * previousClose_1 x previousClose_2 / exClose_1 x ... x endClose / exClose_n - 1. `dividends` are
 * those with an ex-date after the start, up to the end, oldest first. Null without a start close.
 */
export function dividendReinvestedReturn(
  startClose: Decimal,
  endClose: Decimal,
  dividends: readonly ReinvestedDividend[],
): Decimal | null {
  return dividendReinvestedReturns(startClose, dividends, [
    { close: endClose, exGone: dividends.length },
  ])[0]!;
}

/** A day a total return runs to: its close, and how many of the dividends went ex by then. */
export interface ReinvestedEnd {
  close: Decimal;
  exGone: number;
}

/**
 * dividendReinvestedReturn to each of `ends` at once, figure for figure the same: the chain up to
 * each dividend is linked once and shared by every end after it, so a line of hundreds of days
 * costs a link per day, not one per dividend per day. All null if a dividend's closes are not
 * above zero, as its return is.
 */
export function dividendReinvestedReturns(
  startClose: Decimal,
  dividends: readonly ReinvestedDividend[],
  ends: readonly ReinvestedEnd[],
): (Decimal | null)[] {
  if (compare(startClose, "0") <= 0) return ends.map(() => null);
  const link = (growth: ReturnType<typeof big>, to: Decimal, over: Decimal) =>
    growth.times(divide(to, over, FACTOR_DECIMALS)).round(FACTOR_DECIMALS);
  // The growth at each ex-date's close (the start's first), and the close the next link runs from.
  const exDays = [{ growth: big(1), from: startClose }];
  for (const dividend of dividends) {
    if (compare(dividend.previousClose, "0") <= 0 || compare(dividend.exClose, "0") <= 0) {
      return ends.map(() => null);
    }
    const before = exDays.at(-1)!;
    const growth = link(
      link(before.growth, dividend.previousClose, before.from),
      sum([dividend.exClose, dividend.amount]),
      dividend.previousClose,
    );
    exDays.push({ growth, from: dividend.exClose });
  }
  return ends.map(({ close, exGone }) => {
    const { growth, from } = exDays[exGone]!;
    return round(subtract(canonical(link(growth, close, from)), "1"), RETURN_DECIMALS);
  });
}

/** A dated cash flow as the investor sees it: paid in negative, received positive. */
export interface CashFlow {
  date: string;
  amount: Decimal;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/**
 * The money-weighted return: the annual rate r at which the flows' present value
 * sum(amount / (1 + r)^(days since the first flow / 365)) is zero, as spreadsheets' XIRR computes
 * it. Null when there is no such rate (the flows never change sign, or they all cancel).
 *
 * Amounts are summed per day exactly, then divided by the largest of them so that scaling every
 * flow leaves the answer bit for bit unchanged; only then do they become doubles, whose rate
 * rate.ts searches.
 */
export function moneyWeightedReturn(flows: readonly CashFlow[]): Decimal | null {
  return rateOfDailyFlows(dailyCashFlows(flows));
}

/** The flows summed per day, exactly, oldest first, days that sum to zero left out. */
export function dailyCashFlows(flows: readonly CashFlow[]): CashFlow[] {
  const byDay = new Map<string, Decimal[]>();
  for (const flow of flows) {
    const amounts = byDay.get(flow.date);
    if (amounts) amounts.push(flow.amount);
    else byDay.set(flow.date, [flow.amount]);
  }
  return [...byDay]
    .map(([date, amounts]) => ({ date, amount: amounts.length === 1 ? amounts[0]! : sum(amounts) }))
    .filter((flow) => !isZero(flow.amount))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** moneyWeightedReturn of flows dailyCashFlows summed (a day's flows may be added after them). */
export function rateOfDailyFlows(daily: readonly CashFlow[]): Decimal | null {
  if (!daily.some((f) => sign(f.amount) < 0) || !daily.some((f) => sign(f.amount) > 0)) {
    return null;
  }
  const largest = daily.reduce((max, f) => {
    const size = sign(f.amount) < 0 ? subtract("0", f.amount) : f.amount;
    return compare(size, max) > 0 ? size : max;
  }, "0");
  const origin = dayNumber(daily[0]!.date);
  return rateOf(
    daily.map((f) => ({
      amount: Number(divide(f.amount, largest, 20)),
      years: (dayNumber(f.date) - origin) / 365,
    })),
  );
}

/**
 * Flows summed per day (dailyCashFlows) that later days' flows follow: rateOfDailyFlows of them
 * and those after, figure for figure, with these divided by the largest flow once while the
 * largest stays theirs. A period kept through yesterday is closed with a new today on every read
 * (a price moved): its years of flows were divided again each time, one exact division each.
 */
interface KeptTerms {
  by: Decimal;
  origin: number;
  /** The flows' amounts divided by `by`, as rateOfDailyFlows makes them doubles. */
  amounts: Float64Array;
  /** The last rate found with them, where the next search starts. */
  found: number | null;
}

export class DailyFlowsBefore {
  #paid: boolean;
  #received: boolean;
  #largest: Decimal;
  /** The terms of these flows at the largest they were last divided by, and the rate found. */
  #terms: KeptTerms | null = null;
  /**
   * What every division of these flows shares: their amounts parsed (null where one is not plain
   * decimal text, which divide reads with big.js) and their years after the first flow.
   */
  #parsed: ParsedAmounts | null = null;
  #years: Float64Array | null = null;
  /** The terms searched, these flows' first (as #filled left them), grown to the longest read. */
  #columns = { amounts: new Float64Array(0), years: new Float64Array(0) };
  #filled: KeptTerms | null = null;

  constructor(readonly flows: readonly CashFlow[]) {
    this.#paid = flows.some((f) => sign(f.amount) < 0);
    this.#received = flows.some((f) => sign(f.amount) > 0);
    this.#largest = flows.reduce((max, f) => larger(sizeOf(f.amount), max), "0");
  }

  /** rateOfDailyFlows([...flows, ...after]); `after` summed per day, each after every flow. */
  rateWith(after: readonly CashFlow[]): Decimal | null {
    const paid = this.#paid || after.some((f) => sign(f.amount) < 0);
    const received = this.#received || after.some((f) => sign(f.amount) > 0);
    if (!paid || !received) return null;
    const largest = after.reduce((max, f) => larger(sizeOf(f.amount), max), this.#largest);
    const origin = dayNumber((this.flows[0] ?? after[0])!.date);
    const termOf = (f: CashFlow): RateTerm => ({
      amount: Number(divide(f.amount, largest, 20)),
      years: (dayNumber(f.date) - origin) / 365,
    });
    const kept = this.#terms;
    const before: KeptTerms =
      kept && kept.origin === origin && compare(kept.by, largest) === 0
        ? kept
        : // The last rate still starts the search: from any rate it finds the same root.
          { by: largest, origin, amounts: this.#dividedBy(largest), found: kept?.found ?? null };
    this.#terms = before;
    const flowCount = this.flows.length;
    const count = flowCount + after.length;
    if (this.#columns.amounts.length < count) {
      this.#columns = { amounts: new Float64Array(count), years: new Float64Array(count) };
      this.#filled = null;
    }
    const { amounts, years } = this.#columns;
    // The flows' terms are copied once per division; only those after them each time.
    if (this.#filled !== before) {
      amounts.set(before.amounts);
      // Their years from their own first day, which is the origin whenever there are any.
      if (flowCount > 0) years.set(this.#yearsOf());
      this.#filled = before;
    }
    after.forEach((f, i) => {
      const term = termOf(f);
      amounts[flowCount + i] = term.amount;
      years[flowCount + i] = term.years;
    });
    // Searched from the last read's rate (nearly the same flows), where that cannot change it.
    const rate = rateNear({ amounts, years, count }, before.found);
    before.found = rate.found;
    return rate.shown;
  }

  /** dividedAmounts of these flows, each amount parsed once for every division. */
  #dividedBy(largest: Decimal): Float64Array {
    this.#parsed ??= parsedAmounts(this.flows);
    return dividedAmounts(this.flows, largest, this.#parsed);
  }

  /** The flows' years after the first, as rateOfDailyFlows counts them (once: they stay). */
  #yearsOf(): Float64Array {
    if (this.#years) return this.#years;
    const origin = dayNumber(this.flows[0]!.date);
    this.#years = Float64Array.from(this.flows, (f) => (dayNumber(f.date) - origin) / 365);
    return this.#years;
  }
}

/**
 * Each flow's Number(divide(amount, largest, 20)), as rateOfDailyFlows makes its terms, from the
 * amounts parsed (`parsed`, null where one is not plain decimal text, which divide reads with
 * big.js): a kept holding whose value today is its largest flow (one that grew) divides its
 * ~170 daily flows again on every read with a moved price, and divide's parsing and formatting
 * of each was most of the holdings ALL read. Most quotients are read in floating point where that
 * is sure to give the same double (quotientDouble); the others in BigInt units, as divide does.
 */
export function dividedAmounts(
  flows: readonly CashFlow[],
  largest: Decimal,
  amounts: ParsedAmounts = parsedAmounts(flows),
): Float64Array {
  const by = parseFixed(largest);
  const byUnits = by && exactDouble(by.units);
  const divided = new Float64Array(flows.length);
  for (let i = 0; i < flows.length; i++) {
    const amount = amounts.parsed[i];
    if (!amount || !by) {
      divided[i] = Number(divide(flows[i]!.amount, largest, 20));
      continue;
    }
    const sure =
      byUnits === null ? null : quotientDouble(amounts.units[i]!, amount.scale, by.scale, byUnits);
    // Otherwise divide's quotient, whose text is formatFixed(units, 20): its double.
    divided[i] = sure ?? fixedToNumber(quotientUnits(amount, by, 20)!, 20);
  }
  return divided;
}

/** Flows' amounts parsed once for every division: as FixedPoint, and their units as doubles. */
export interface ParsedAmounts {
  /** Null where an amount is not plain decimal text (which divide reads with big.js). */
  parsed: readonly (FixedPoint | null)[];
  /** The units where they are a double exactly, NaN otherwise. */
  units: Float64Array;
}

export function parsedAmounts(flows: readonly CashFlow[]): ParsedAmounts {
  const parsed = flows.map((f) => parseFixed(f.amount));
  return {
    parsed,
    units: Float64Array.from(parsed, (amount) => (amount && exactDouble(amount.units)) ?? NaN),
  };
}

const LARGEST_EXACT = 2 ** 53;
const exactDouble = (units: bigint) => {
  const value = Number(units);
  return Math.abs(value) < LARGEST_EXACT ? value : null;
};
/** A double's bits, to read its exponent and whether it is a power of two. */
const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);
const HIGH = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
/** Past what divide rounds X to (20 places, half a unit each way), with room to spare. */
const ROUNDED_OFF = 1e-20;

/**
 * Number(divide(a, b, 20)) in floating point, or null where that is not sure. With a and b
 * integers below 2^53 once brought to one scale (n / d, both exact doubles), q = n / d is the
 * double nearest the quotient X, and its remainder n - q d is exact (a double) and computed
 * exactly (Dekker's product q d, as two doubles, and Sterbenz's lemma: n and q d are within a
 * factor of two). So X = q + r / d, and q is the answer unless X rounded to 20 places (within
 * 5e-21 of X) may leave q's rounding interval: then null. The interval runs half a unit in the
 * last place each way (a quarter below a power of two, whose lower neighbour is nearer), and
 * r / d is used only as a distance, off by at most one part in 2^52 of itself.
 */
function quotientDouble(
  aUnits: number,
  aScale: number,
  bScale: number,
  bUnits: number,
): number | null {
  const shift = bScale - aScale;
  if (Number.isNaN(aUnits) || Math.abs(shift) > 22 || bUnits <= 0) return null;
  const n = shift > 0 ? aUnits * TENS_IN_DOUBLE[shift]! : aUnits;
  const d = shift < 0 ? bUnits * TENS_IN_DOUBLE[-shift]! : bUnits;
  // Below 2^53 after the rounding of the product, so below it before: exact.
  if (Math.abs(n) >= LARGEST_EXACT || d >= LARGEST_EXACT) return null;
  if (n === 0) return 0;
  const q = n / d;
  // q d = p + e exactly (Veltkamp's split into halves whose products are exact; no fused
  // multiply-add in JavaScript).
  const p = q * d;
  const qSplit = SPLITTER * q;
  const qHigh = qSplit - (qSplit - q);
  const qLow = q - qHigh;
  const dSplit = SPLITTER * d;
  const dHigh = dSplit - (dSplit - d);
  const dLow = d - dHigh;
  const e = qHigh * dHigh - p + qHigh * dLow + qLow * dHigh + qLow * dLow;
  const beyond = (n - p - e) / d;
  bits[0] = q;
  const exponent = (words[HIGH]! >>> 20) & 0x7ff;
  // Not a normal double, or so small that its last place is below 20 decimal places.
  if (exponent <= 52 || exponent === 0x7ff) return null;
  const powerOfTwo = (words[HIGH]! & 0xfffff) === 0 && words[1 - HIGH] === 0;
  // A unit in q's last place: 2^(exponent - 1023 - 52), written as a double's bits.
  words[HIGH] = (exponent - 52) << 20;
  words[1 - HIGH] = 0;
  const unit = bits[0];
  // Toward zero from a power of two (or either way, where X is q), the neighbour is nearer.
  const half = powerOfTwo && beyond * q <= 0 ? unit / 4 : unit / 2;
  return Math.abs(beyond) * (1 + 2 ** -50) + ROUNDED_OFF < half ? q : null;
}

/** 2^27 + 1: splits a double into two halves of 26 bits. */
const SPLITTER = 134_217_729;

const sizeOf = (amount: Decimal) => (sign(amount) < 0 ? subtract("0", amount) : amount);
const larger = (size: Decimal, max: Decimal) => (compare(size, max) > 0 ? size : max);

/**
 * The rate of moneyWeightedReturn from flows already summed per day, in years after the first
 * and divided by the largest (for callers that keep many flows as doubles between requests); null
 * when there is none.
 */
export function rateOf(terms: readonly RateTerm[]): Decimal | null {
  return shownRate(searchRate(terms).rate);
}

/**
 * rateOf of terms in columns, searched from `near` (the rate of nearly the same flows) where that
 * cannot change the answer: the answer, and the rate found for the next search to start from.
 */
export function rateNear(
  columns: RateColumns,
  near: number | null,
): { shown: Decimal | null; found: number | null } {
  const { rate } = searchRateOf(columns, near ?? undefined);
  return { shown: shownRate(rate), found: rate };
}

const shownRate = (rate: number | null) =>
  rate === null ? null : round(rate.toFixed(12), RETURN_DECIMALS);

/**
 * A yearly rate (an XIRR) as the return over `days` it compounds to: (1 + rate)^(days / 365) - 1,
 * for a period under a year, where the yearly rate of a few months reads as an error (issue 37).
 * In floating point, as the rate itself was found (rate.ts): a power with a fractional exponent
 * has no exact decimal, and a double's 15 digits are well beyond the 8 places it is rounded to.
 */
export function compoundedOver(rate: Decimal | null, days: number): Decimal | null {
  if (rate === null) return null;
  const growth = Math.pow(1 + Number(rate), days / 365);
  return Number.isFinite(growth) ? round((growth - 1).toFixed(12), RETURN_DECIMALS) : null;
}
