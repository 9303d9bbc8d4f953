import {
  add,
  applyBuy,
  applySell,
  applySplit,
  compare,
  costBasis,
  isZero,
  round,
  STORED_FRACTION_DIGITS,
  subtract,
  type Decimal,
  type Holding,
} from "@ledgerline/money";
import { formatSplitChange } from "@ledgerline/money/format";
import type {
  CorporateActionWrites,
  DividendToApply,
  ReplayRow,
  SplitRowFigures,
  SplitToApply,
} from "@ledgerline/db";

/**
 * How a stock's splits and dividends replay over one account's trades of it (issue 15): the
 * trades in date order with the splits between them, so a split multiplies exactly what was
 * held at its ex-date and a trade entered later with an earlier date is split the same way;
 * each dividend paid on the shares held at its ex-date. The answer is what to write, as changes
 * to the rows there are, so running it again over its own result changes nothing. Plain code:
 * the repository (packages/db repositories/corporate-actions.ts) reads the rows and writes the
 * changes; accounting/corporate-actions.ts decides when.
 */

/** Quantities carry 8 decimals (contracts AMOUNT_DECIMALS): a split's result is rounded there. */
const QUANTITY_DECIMALS = 8;

const quantityOf = (holding: Holding | null): Decimal => holding?.quantity ?? "0";

/** Splits and dividends in date order, as the replay takes them. */
export function inDateOrder<T extends { at: Date }>(actions: readonly T[]): T[] {
  return [...actions].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * One replay, a trade at a time (`trade`), so a caller can hand the event loop over between
 * trades; `writes` once every trade is in. Splits and dividends must be in date order.
 */
export class CorporateActionReplay {
  readonly #splits: readonly SplitToApply[];
  readonly #dividends: readonly DividendToApply[];
  /** Without a split only the quantity held matters: the average price, a division per buy, is left out. */
  readonly #quantityOnly: boolean;
  #holding: Holding | null = null;
  #splitFound = false;
  #nextSplit = 0;
  #nextDividend = 0;
  readonly #splitResults: { split: SplitToApply; figures: SplitRowFigures | null }[] = [];
  readonly #paid: { dividend: DividendToApply; quantity: Decimal }[] = [];

  constructor(splits: readonly SplitToApply[], dividends: readonly DividendToApply[]) {
    this.#splits = splits;
    this.#dividends = dividends;
    this.#quantityOnly = splits.length === 0;
  }

  /**
   * Applies one buy or sell (in date order) after the actions before it; false when it is a
   * sell above what was held then, and the trades cannot be replayed.
   */
  trade(row: ReplayRow): boolean {
    this.#catchUp(row.transactionDate.getTime());
    if (row.transactionType === "BUY" || row.transactionType === "TRANSFER_IN") {
      this.#holding = this.#quantityOnly
        ? { quantity: add(quantityOf(this.#holding), row.quantity), averagePrice: "0" }
        : applyBuy(this.#holding, row.quantity, row.price, row.fee);
      return true;
    }
    const sold = applySell(this.#holding ?? { quantity: "0", averagePrice: "0" }, row.quantity);
    if (!sold.ok) return false;
    this.#holding = sold.holding;
    return true;
  }

  /** What to write, given the SPLIT rows there are (by instant), once every trade is in. */
  writes(splitRows: ReadonlyMap<number, ReplayRow>): CorporateActionWrites {
    this.#catchUp(Infinity);
    const writes: CorporateActionWrites = { splits: [], position: null, income: [] };
    for (const { split, figures } of this.#splitResults) {
      const existing = splitRows.get(split.at.getTime());
      if (!figures) {
        if (existing) writes.splits.push({ kind: "delete", split, id: existing.id });
        continue;
      }
      if (!existing) {
        writes.splits.push({ kind: "insert", split, figures });
      } else if (!sameFigures(existing, figures)) {
        writes.splits.push({ kind: "update", split, id: existing.id, figures });
      } else if (existing.notes !== figures.notes) {
        // Only the words differ (a row written before they read "4-for-1 split, +60 shares").
        writes.splits.push({ kind: "notes", split, id: existing.id, notes: figures.notes });
      }
    }
    // The position is what the replay ends with, once a split has touched it.
    if (this.#splitFound && this.#holding && !isZero(this.#holding.quantity)) {
      writes.position = this.#holding;
    }
    writes.income = this.#paid.map(({ dividend, quantity }) => ({
      exDate: dividend.exDate,
      payDate: dividend.payDate,
      quantity,
      amountPerShare: dividend.cashAmount,
    }));
    return writes;
  }

  /** Corporate actions at an instant come before the trades at it; a split before a dividend. */
  #catchUp(until: number): void {
    for (;;) {
      const split = this.#splits[this.#nextSplit];
      const dividend = this.#dividends[this.#nextDividend];
      if (!split && !dividend) return;
      const splitAt = split?.at.getTime() ?? Infinity;
      const dividendAt = dividend?.at.getTime() ?? Infinity;
      if (Math.min(splitAt, dividendAt) > until) return;
      const holding = this.#holding;
      if (split && splitAt <= dividendAt) {
        this.#nextSplit += 1;
        if (!holding || isZero(holding.quantity)) {
          this.#splitResults.push({ split, figures: null });
          continue;
        }
        const after = applySplit(holding, split.from, split.to, QUANTITY_DECIMALS);
        this.#splitResults.push({ split, figures: splitFigures(split, holding, after) });
        this.#holding = after;
        this.#splitFound = true;
      } else if (dividend) {
        this.#nextDividend += 1;
        if (holding && !isZero(holding.quantity)) {
          this.#paid.push({ dividend, quantity: holding.quantity });
        }
      }
    }
  }
}

/** A SPLIT row's figures: the holding after it, the cost basis it carried, what it did in words. */
function splitFigures(split: SplitToApply, before: Holding, after: Holding): SplitRowFigures {
  return {
    quantity: after.quantity,
    price: after.averagePrice,
    // Fits the stored precision; a product of two long decimals may not.
    total: round(costBasis(before), STORED_FRACTION_DIGITS),
    notes: formatSplitChange(split.from, split.to, subtract(after.quantity, before.quantity)),
  };
}

/** Compared as decimals: PostgreSQL's numeric reads back in its own text form. */
const sameFigures = (row: ReplayRow, figures: SplitRowFigures) =>
  compare(row.quantity, figures.quantity) === 0 &&
  compare(row.price, figures.price) === 0 &&
  compare(row.total, figures.total) === 0;

/**
 * The whole replay of `rows` (the symbol's rows in one account, in date and id order, SPLIT
 * rows included) in one go: what to write, or null when the trades cannot be replayed.
 */
export function replayCorporateActions(
  rows: readonly ReplayRow[],
  splits: readonly SplitToApply[],
  dividends: readonly DividendToApply[],
): CorporateActionWrites | null {
  const replay = new CorporateActionReplay(splits, dividends);
  const splitRows = new Map<number, ReplayRow>();
  for (const row of rows) {
    if (row.transactionType === "SPLIT") splitRows.set(row.transactionDate.getTime(), row);
    else if (!replay.trade(row)) return null;
  }
  return replay.writes(splitRows);
}
