import { formatFixed, parseFixed, tenTo, type Decimal, type FixedPoint } from "@ledgerline/money";
import type { HeldValue, LedgerHolding, TradeLedger } from "./portfolio-valuation";

/**
 * TradeLedger.value for a replay that values the same holdings at every day's close (one
 * account's days, account-days.ts): each holding's quantity and cost basis, and each close, are
 * parsed into BigInt units once, when they change, not once a day. The products and sums are
 * exact, so the answer is the text TradeLedger.value gives; a figure that is not plain decimal
 * text sends the day to TradeLedger.value. Five years of 200 holdings were 1.4 s of the first
 * read of an account, most of it parsing the same decimals again.
 */
export class HeldUnits {
  /** Per holding: the ledger's object it was parsed from (a trade replaces it) and its units. */
  readonly #held = new Map<
    string,
    { of: LedgerHolding; quantity: FixedPoint | null; basis: FixedPoint | null }
  >();
  /** Per holding: the last close text priced and its units. */
  readonly #prices = new Map<string, { text: Decimal; price: FixedPoint | null }>();

  value(ledger: TradeLedger, closeOf: (key: string) => Decimal | null | undefined): HeldValue {
    const stock = new Sum();
    const crypto = new Sum();
    const basis = new Sum();
    for (const [key, held] of ledger.holdings) {
      if (held.quantity === "0") continue;
      const units = this.#unitsOf(key, held);
      if (!units.quantity || !units.basis) return ledger.value(closeOf);
      if (units.quantity.units === 0n) continue;
      const text = closeOf(key) ?? ledger.lastTradePrice.get(key) ?? held.averagePrice;
      const price = this.#priceOf(key, text);
      if (!price) return ledger.value(closeOf);
      (held.type === "STOCK" ? stock : crypto).add(
        units.quantity.units * price.units,
        units.quantity.scale + price.scale,
      );
      basis.add(units.basis.units, units.basis.scale);
    }
    const stockValue = stock.text();
    const cryptoValue = crypto.text();
    stock.add(crypto.units, crypto.scale);
    return { stockValue, cryptoValue, totalValue: stock.text(), costBasis: basis.text() };
  }

  #unitsOf(key: string, held: LedgerHolding) {
    let found = this.#held.get(key);
    if (found?.of !== held) {
      const quantity = parseFixed(held.quantity);
      const price = parseFixed(held.averagePrice);
      const basis =
        quantity && price
          ? { units: quantity.units * price.units, scale: quantity.scale + price.scale }
          : null;
      found = { of: held, quantity, basis };
      this.#held.set(key, found);
    }
    return found;
  }

  #priceOf(key: string, text: Decimal): FixedPoint | null {
    let found = this.#prices.get(key);
    if (found?.text !== text) {
      found = { text, price: parseFixed(text) };
      this.#prices.set(key, found);
    }
    return found.price;
  }
}

/** An exact running sum of units at the widest scale added so far. */
class Sum {
  units = 0n;
  scale = 0;
  add(units: bigint, scale: number): void {
    if (scale > this.scale) {
      this.units *= tenTo(scale - this.scale);
      this.scale = scale;
    }
    this.units += scale < this.scale ? units * tenTo(this.scale - scale) : units;
  }
  text(): Decimal {
    return formatFixed(this.units, this.scale);
  }
}
