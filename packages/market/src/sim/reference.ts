import type { IsoDate } from "../calendar/dates";
import { combine, unitFromHash } from "./random";

/**
 * What keeps the simulated market near the companies and coins it names.
 *
 * Each symbol has a reference close on a stated date: a recorded public close ("close") where we
 * have one, or a plausible figure made up for the demo ("generated", never to be read as a fact).
 * A price path is the reference times exp(softCap(d)), where the deviation d is the sum of
 *  - a slow anchor: a trend that levels off (tanh) plus two waves of a few years' period, both
 *    zero on the reference date, so the anchor wanders gently but never runs away;
 *  - a fast Ornstein-Uhlenbeck process in log space around that anchor (an AR(1) per step),
 *    pinned to zero on the reference date, whose step volatility is the symbol's daily volatility
 *    and whose reversion is set so its spread stays at `stationaryDeviation`.
 * softCap keeps every close within REFERENCE_BAND of the reference (a soft, not a hard, wall:
 * moves are damped as the band's edge comes near, so the path never sticks flat against it).
 */

export type ReferenceSource = "close" | "generated";

export interface ReferenceClose {
  /** The date of the close, in the exchange's calendar (UTC for coins). */
  date: IsoDate;
  /** In dollars, in the shares of that date (before any later split). */
  close: number;
  source: ReferenceSource;
}

/** Every close of the path stays within these multiples of the reference. */
export const REFERENCE_BAND = { low: 0.6, high: 1.4 } as const;

const UPPER = Math.log(REFERENCE_BAND.high);
const LOWER = -Math.log(REFERENCE_BAND.low);
/** Below this share of the band's edge the cap is the identity: the path moves freely. */
const KNEE = 0.6;

function capSide(deviation: number, limit: number): number {
  const knee = KNEE * limit;
  if (deviation <= knee) return deviation;
  // Slope 1 at the knee, approaching the limit asymptotically.
  return knee + (limit - knee) * Math.tanh((deviation - knee) / (limit - knee));
}

/** Maps a log deviation from the reference into (log low, log high), smoothly. */
export function softCap(deviation: number): number {
  return deviation >= 0 ? capSide(deviation, UPPER) : -capSide(-deviation, LOWER);
}

/** The AR(1) coefficient that gives a step volatility a given stationary spread. */
export function reversionPerStep(stepVolatility: number, stationaryDeviation: number): number {
  const ratio = Math.min(0.99, (stepVolatility / stationaryDeviation) ** 2);
  return Math.sqrt(1 - ratio);
}

export interface SlowAnchor {
  /** The log deviation of the anchor from the reference, `years` after the reference date. */
  at(years: number): number;
}

/**
 * A trend of `annualDrift` a year at first, levelling off at ±`trendLimit`, plus two waves (one
 * of 1.5-3 years, one of 3-6 years) of total amplitude `waveAmplitude`; all zero at year 0.
 */
export function slowAnchor(
  hash: number,
  annualDrift: number,
  trendLimit: number,
  waveAmplitude: number,
): SlowAnchor {
  const u = (k: number) => unitFromHash(combine(hash, k));
  const waves = [
    {
      period: 1.5 + 1.5 * u(1),
      phase: 2 * Math.PI * u(2),
      amplitude: waveAmplitude * (0.3 + 0.4 * u(3)),
    },
    { period: 3 + 3 * u(4), phase: 2 * Math.PI * u(5), amplitude: 0 },
  ];
  waves[1]!.amplitude = waveAmplitude - waves[0]!.amplitude;
  return {
    at(years) {
      let value = trendLimit * Math.tanh((annualDrift * years) / trendLimit);
      for (const wave of waves)
        value +=
          wave.amplitude *
          (Math.sin((2 * Math.PI * years) / wave.period + wave.phase) - Math.sin(wave.phase));
      return value;
    },
  };
}

/**
 * The fast process's values at steps 0..length-1, zero at `pin`: forward, y[i] = φ·y[i-1] + σ·z[i];
 * backward, y[i-1] = φ·y[i] − σ·z[i], so that shock z[i] always moves step i's return the same way
 * (a good market day is a good day on either side of the pin).
 */
export function pinnedReversion(
  length: number,
  pin: number,
  phi: number,
  sigma: number,
  shock: (step: number) => number,
): Float64Array {
  const y = new Float64Array(length);
  for (let i = pin + 1; i < length; i++) y[i] = phi * y[i - 1]! + sigma * shock(i);
  for (let i = Math.min(pin, length - 1); i > 0; i--) y[i - 1] = phi * y[i]! - sigma * shock(i);
  return y;
}

/**
 * How far one kind of asset strays from its references: the fast process's spread, a share of
 * the annual volatility kept within [stationaryMin, stationaryMax], and the slow anchor's
 * `trendLimit` and `waveAmplitude` (slowAnchor).
 */
export interface WanderLimits {
  stationaryShare: number;
  stationaryMin: number;
  stationaryMax: number;
  trendLimit: number;
  waveAmplitude: number;
}

/**
 * One symbol's path around its reference close, in steps of a day (`stepsPerYear` of them a
 * year): the slow anchor plus the fast process pinned at the reference's step, soft-capped.
 * Stocks and coins differ only in their limits, their calendar and how their anchor drifts.
 */
export class ReferencePath {
  /** The fast process's volatility per step (a day's). */
  readonly stepVolatility: number;
  private readonly reversion: number;
  private readonly anchor: SlowAnchor;

  constructor(
    limits: WanderLimits,
    annualVolatility: number,
    private readonly stepsPerYear: number,
    anchor: { hash: number; annualDrift: number },
  ) {
    this.stepVolatility = annualVolatility / Math.sqrt(stepsPerYear);
    const spread = Math.min(
      limits.stationaryMax,
      Math.max(limits.stationaryMin, limits.stationaryShare * annualVolatility),
    );
    this.reversion = reversionPerStep(this.stepVolatility, spread);
    this.anchor = slowAnchor(
      anchor.hash,
      anchor.annualDrift,
      limits.trendLimit,
      limits.waveAmplitude,
    );
  }

  /**
   * The log closes at steps 0..length-1: `logReference` plus the capped deviation, which is zero
   * at step `pin` (the reference's) and moved by `shock(step)` standard deviations each step.
   */
  logCloses(
    length: number,
    pin: number,
    logReference: number,
    shock: (step: number) => number,
  ): Float64Array<ArrayBuffer> {
    const fast = pinnedReversion(length, pin, this.reversion, this.stepVolatility, shock);
    const closes = new Float64Array(length);
    for (let i = 0; i < length; i++) closes[i] = this.logClose(i, pin, logReference, fast[i]!);
    return closes;
  }

  /**
   * The log closes at steps `from`..`to` alone, each equal to `logCloses`' at that step (for any
   * length past it): the fast process is walked from the pin by the same recurrence, in the same
   * order, and only these steps are kept. Costs a step per day between the pin and the range.
   */
  logClosesBetween(
    from: number,
    to: number,
    pin: number,
    logReference: number,
    shock: (step: number) => number,
  ): Float64Array<ArrayBuffer> {
    const phi = this.reversion;
    const sigma = this.stepVolatility;
    const fast = new Float64Array(to - from + 1);
    let y = 0;
    for (let i = pin + 1; i <= to; i++) {
      y = phi * y + sigma * shock(i);
      if (i >= from) fast[i - from] = y;
    }
    y = 0;
    for (let i = pin; i > from; i--) {
      y = phi * y - sigma * shock(i);
      if (i - 1 <= to) fast[i - 1 - from] = y;
    }
    const closes = new Float64Array(fast.length);
    for (let k = 0; k < fast.length; k++)
      closes[k] = this.logClose(from + k, pin, logReference, fast[k]!);
    return closes;
  }

  private logClose(step: number, pin: number, logReference: number, fast: number): number {
    return logReference + softCap(this.anchor.at((step - pin) / this.stepsPerYear) + fast);
  }
}
