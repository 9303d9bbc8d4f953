/**
 * The annual rate at which dated flows' present value is zero (the root behind XIRR), searched
 * in floating point: it is the root of a transcendental equation, not an amount, and a double's
 * 15 significant digits are well beyond the places money/returns.ts rounds it to.
 *
 * First Newton's method from 10%, as spreadsheets' XIRR and this search always did: where it
 * converges, the answer is the one it always was (of several roots, the one Newton meets). It
 * overshoots to absurd rates when a holding lost money over many flows, and then, instead of
 * halving a bracket from -100% to a billion percent a few hundred times, the search brackets the
 * sign change nearest to 10% and takes Newton's step only while it stays inside the bracket and
 * shrinks it fast enough, halving it otherwise (Numerical Recipes' rtsafe): never slower than
 * bisection, quadratic near the root. That part runs in x = ln(1 + rate), where the present value
 * sum(amount * e^(-years * x)) is smooth on the whole line and -100% is no edge to step over.
 * Each step values the flows and their slope in one pass, one exponential per flow.
 *
 * A read of the same holding a moment later, its value moved by a price tick, has nearly the same
 * rate: given the last one (`near`), the search starts there, a few valuations from the root
 * instead of a dozen or more. That may only change how fast the root is found, not which: it is
 * done only where the flows have one root at most (Laguerre's rule, hasOneRoot), which then is
 * the one Newton from 10% meets too, and only for a root well inside the range, where the search
 * from 10% would not stop at its edges. Both stop within TOLERANCE of it, so the two can differ in
 * a double's last bits, not in the 8 places the rate is shown to (unless the root lies within
 * about 1e-14 of a rounding boundary).
 */

/** A flow in floating point: its years after the first flow, its amount scaled. */
export interface RateTerm {
  amount: number;
  years: number;
}

/**
 * Terms as two columns, oldest first (for callers that keep the years between searches and fill
 * the amounts in place): the first `count` of each are the flows.
 */
export interface RateColumns {
  amounts: Float64Array;
  years: Float64Array;
  count: number;
}

/** Where the search starts, as spreadsheets' XIRR does by default. */
const GUESS = 0.1;
/** The rates searched: from just above -100% to a billion percent. */
const HIGHEST_RATE = 1e9;
const LIMIT = Math.log(HIGHEST_RATE);
/** The bracket search's first step out from the guess (in x), doubled each time. */
const FIRST_STEP = 1 / 32;
/** A rate known this closely (or relatively, above 100%) is as known as a double can say. */
const TOLERANCE = 1e-12;
const MOST_STEPS = 100;
/**
 * The rates a search from `near` answers: far enough inside the range that the search from 10%
 * finds the same root (it stops at -100% + 1e-9 and a billion percent), and below 100,000%, past
 * which a double's rate found to TOLERANCE is no longer sure in the 8th place.
 */
const NEAR_LOWEST = -0.9999;
const NEAR_HIGHEST = 1e3;

export interface RateSearch {
  rate: number | null;
  /** How many times the flows were valued: the cost of the search. */
  evaluations: number;
}

/** The present value at x = ln(1 + rate) and its slope in x, both scaled by one positive factor. */
type Valuation = (x: number) => [value: number, slope: number];

/** The rate of terms summed per day (none on two days), or null when none is in range. */
export function searchRate(terms: readonly RateTerm[]): RateSearch {
  return searchRateOf({
    amounts: Float64Array.from(terms, (term) => term.amount),
    years: Float64Array.from(terms, (term) => term.years),
    count: terms.length,
  });
}

/**
 * searchRate of terms in columns; with `near`, a rate of nearly the same flows, the search starts
 * there where that cannot change the answer.
 */
export function searchRateOf(columns: RateColumns, near?: number): RateSearch {
  const { amounts, years, count } = columns;
  let longest = 0;
  let farTotal = 0;
  for (let i = 0; i < count; i++) {
    longest = Math.max(longest, years[i]!);
    if (years[i] === 0) farTotal += amounts[i]!;
  }
  let evaluations = 0;
  // Divided by the largest e^(-years * x), so that nothing overflows far below zero: the search
  // reads only signs and ratios.
  const valueAt: Valuation = (x) => {
    evaluations += 1;
    const shift = x < 0 ? longest * x : 0;
    let value = 0;
    let slope = 0;
    for (let i = 0; i < count; i++) {
      const discounted = amounts[i]! * Math.exp(shift - years[i]! * x);
      value += discounted;
      slope -= years[i]! * discounted;
    }
    return [value, slope];
  };
  const farSign = Math.sign(farTotal);
  if (near !== undefined && near > NEAR_LOWEST && near < NEAR_HIGHEST && hasOneRoot(columns)) {
    const rate = newton(valueAt, farSign, near) ?? safeguarded(valueAt, near);
    if (rate !== null && rate > NEAR_LOWEST && rate < NEAR_HIGHEST) return { rate, evaluations };
  }
  const rate = newton(valueAt, farSign, GUESS) ?? safeguarded(valueAt, GUESS);
  return { rate, evaluations };
}

/** Running sums this close to zero, relative to the largest amount, have no sure sign. */
const SURE_SIGN = 1e-9;

/**
 * Whether the flows' present value is zero at one rate at most: Laguerre's rule bounds its roots
 * above 0% by the sign changes of the flows' running sums from the first (the present value is a
 * sum of amount * v^years, v = 1 / (1 + rate) in (0, 1)), and those below 0% by the sign changes
 * of the running sums from the last (the same in 1 / v). One change in all, and no running sum
 * too near zero to be sure of its sign: one root. Years must ascend.
 */
export function hasOneRoot({ amounts, years, count }: RateColumns): boolean {
  let largest = 0;
  for (let i = 0; i < count; i++) largest = Math.max(largest, Math.abs(amounts[i]!));
  let changes = 0;
  for (const direction of [1, -1]) {
    let total = 0;
    let sign = 0;
    for (let step = 0; step < count; step++) {
      const i = direction === 1 ? step : count - 1 - step;
      if (step > 0 && years[i]! * direction <= years[i - direction]! * direction) return false;
      total += amounts[i]!;
      if (Math.abs(total) < SURE_SIGN * largest) return false;
      const now = Math.sign(total);
      if (sign !== 0 && now !== sign) changes += 1;
      sign = now;
    }
  }
  return changes === 1;
}

/**
 * Newton's method in the rate itself from `guess`; null when it leaves the domain or stalls, or
 * climbs on past the range with no root ahead of it (the value there has the sign it keeps for
 * ever higher rates, that of the first day's flow), where it used to spend its hundred steps.
 */
function newton(valueAt: Valuation, farSign: number, guess: number): number | null {
  let rate = guess;
  for (let steps = 0; steps < MOST_STEPS; steps += 1) {
    const [value, slope] = valueAt(Math.log1p(rate));
    // d/d(rate) = d/dx / (1 + rate)
    const next = rate - (value * (1 + rate)) / slope;
    if (!Number.isFinite(next) || next <= -1) return null;
    if (Math.abs(next - rate) < TOLERANCE) return next;
    if (next > rate && rate > HIGHEST_RATE && Math.sign(value) === farSign) return null;
    rate = next;
  }
  return null;
}

/** rtsafe in x from the bracket nearest `guess`; null when there is none. */
function safeguarded(valueAt: Valuation, guess: number): number | null {
  const bracket = bracketFrom(Math.log1p(guess), valueAt);
  if (bracket === null) return null;
  if ("root" in bracket) return Math.expm1(bracket.root);
  // `below` is where the value is negative, `above` where it is positive.
  let [below, above] =
    bracket.low.value < 0 ? [bracket.low.x, bracket.high.x] : [bracket.high.x, bracket.low.x];
  let x = (below + above) / 2;
  let previousStep = Math.abs(above - below);
  let step = previousStep;
  for (let steps = 0; steps < MOST_STEPS; steps += 1) {
    const [value, slope] = valueAt(x);
    if (value === 0) break;
    if (value < 0) below = x;
    else above = x;
    const newtonLeaves = ((x - above) * slope - value) * ((x - below) * slope - value) > 0;
    const newtonSlow = Math.abs(2 * value) > Math.abs(previousStep * slope);
    previousStep = step;
    const before = x;
    if (newtonLeaves || newtonSlow) {
      step = (above - below) / 2;
      x = below + step;
    } else {
      step = value / slope;
      x -= step;
    }
    const moved = Math.abs(Math.expm1(x) - Math.expm1(before));
    if (moved < TOLERANCE * Math.max(1, Math.exp(x)) || x === before) break;
  }
  return Math.expm1(x);
}

interface Point {
  x: number;
  value: number;
}

/**
 * Two points whose values differ in sign, the nearest to `guess` found by stepping out from it
 * both ways with doubling steps (so of several roots, the one a search from the guess meets
 * first), or a point where the value is zero; null when none is found within the limits.
 */
function bracketFrom(
  guess: number,
  valueAt: Valuation,
): { low: Point; high: Point } | { root: number } | null {
  const start = { x: guess, value: valueAt(guess)[0] };
  if (start.value === 0) return { root: guess };
  let lower = start;
  let upper = start;
  for (let step = FIRST_STEP; lower.x > -LIMIT || upper.x < LIMIT; step *= 2) {
    if (lower.x > -LIMIT) {
      const next = Math.max(guess - step, -LIMIT);
      const point = { x: next, value: valueAt(next)[0] };
      if (point.value === 0) return { root: next };
      if (Math.sign(point.value) !== Math.sign(lower.value)) return { low: point, high: lower };
      lower = point;
    }
    if (upper.x < LIMIT) {
      const next = Math.min(guess + step, LIMIT);
      const point = { x: next, value: valueAt(next)[0] };
      if (point.value === 0) return { root: next };
      if (Math.sign(point.value) !== Math.sign(upper.value)) return { low: upper, high: point };
      upper = point;
    }
  }
  return null;
}
