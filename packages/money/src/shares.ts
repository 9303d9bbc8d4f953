import { canonical, big, type Decimal } from "./decimal";
import { formatFixed, parseFixed, tenTo } from "./fixed-point";

/**
 * Each value's share of their sum, to `places` decimals, the shares adding to exactly 1
 * (largest remainder, Hamilton's method): each share is first cut down to `places`, then the
 * units the cuts lost go one each to the shares that lost the most. Equal losses go in the
 * order given, so a caller that lists the largest values first gives them the residue. Values
 * must not be negative; all zero (or none) answer all "0".
 */
export function shares(values: readonly Decimal[], places: number): Decimal[] {
  const fixed = values.map((value) => parseFixed(value) ?? parseFixed(canonical(big(value)))!);
  if (fixed.some((value) => value.units < 0n)) throw new RangeError("shares of negative values");
  const scale = Math.max(0, ...fixed.map((value) => value.scale));
  const units = fixed.map((value) => value.units * tenTo(scale - value.scale));
  const total = units.reduce((a, b) => a + b, 0n);
  if (total === 0n) return values.map(() => "0");
  const one = tenTo(places);
  const cut = units.map((value) => (value * one) / total);
  const lost = units.map((value, index) => value * one - cut[index]! * total);
  let residue = one - cut.reduce((a, b) => a + b, 0n);
  const order = lost
    .map((amount, index) => ({ amount, index }))
    .sort((a, b) => (a.amount === b.amount ? a.index - b.index : a.amount > b.amount ? -1 : 1));
  for (const { index } of order) {
    if (residue === 0n) break;
    cut[index]! += 1n;
    residue -= 1n;
  }
  return cut.map((share) => formatFixed(share, places));
}
