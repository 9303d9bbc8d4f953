import type { Decimal } from "@ledgerline/money";
import { LotBook } from "./lot-book";
import {
  dateOfDay,
  dayNumber,
  inReplayOrder,
  termOf,
  type LotAccount,
  type LotAssetType,
  type LotEvent,
  type LotReplay,
  type LotSaleState,
  type LotState,
  type Term,
} from "./lot-state";
import { moneyText, quantityText } from "./units";

/**
 * Tax lots, derived from a person's trade log (issue 32; see docs/decisions on lots). Pure: the
 * same ordered trades give the same lots and lot sales every time, so a backdated trade, a
 * changed method or a later replacement buy is reflected on the next read with nothing stored
 * but the trades and the lots a sale named.
 *
 * - Every buy (and every transfer in from outside) is a lot: its id is the buy's transaction id.
 *   A buy's basis is what it cost, fee included; a sale's proceeds are net of its fee.
 * - A sale takes lots by its account's method: fifo (earliest bought first), lifo (latest
 *   first), hifo (highest cost a share first), specific (the lots the sale names; fifo for what it
 *   names none of), average (the account's average cost; lots still go first in first out for
 *   their dates and terms).
 * - A split scales every open lot of the account's symbol to the quantity the split left,
 *   keeping basis and dates.
 * - Wash sales (stocks only, sales in accounts that are not tax-advantaged): a loss on a lot with
 *   the same symbol bought within 30 days before or after in any of the person's accounts is
 *   disallowed up to the replacement quantity (earliest replacement first). The disallowed
 *   amount goes into the replacement shares' basis and the sold lot's holding period carries
 *   over to them; those shares become a lot of their own, `<buy id>-<n>`, so the rest of the buy
 *   keeps its own basis and date. A replacement in an IRA, Roth IRA or 401(k) loses the loss.
 *   Crypto is not subject to the rule under current US law (it is not "stock or securities").
 */

export * from "./lot-state";
export { LotBook } from "./lot-book";

export function replayLots(
  accounts: readonly LotAccount[],
  events: readonly LotEvent[],
): LotReplay {
  const steps = replaySteps(accounts, [...events].sort(inReplayOrder));
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The replay of events already in replay order, one event a step: a caller with other work to
 * let run (kept-lots.ts) hands the event loop over between steps (decision 0029).
 */
export function* replaySteps(
  accounts: readonly LotAccount[],
  ordered: readonly LotEvent[],
): Generator<void, LotReplay> {
  return (yield* bookSteps(accounts, ordered)).view();
}

/** The same replay as a book a later sale can continue (LotBook.withSale). */
export function* bookSteps(
  accounts: readonly LotAccount[],
  ordered: readonly LotEvent[],
): Generator<void, LotBook> {
  const book = new LotBook(accounts);
  // A step per event here too: 200,000 buys read in one go held the event loop 570 ms.
  for (const event of ordered) {
    yield;
    book.registerBuy(event);
  }
  for (const event of ordered) {
    yield;
    book.replay(event);
  }
  return book;
}

/** A lot as decimal text, with its unrealized gain at `price` when one is given. */
export interface LotView {
  lotId: string;
  accountId: number;
  assetType: LotAssetType;
  symbol: string;
  acquiredAt: string;
  holdingPeriodFrom: string;
  quantity: Decimal;
  remaining: Decimal;
  costBasis: Decimal;
  washSaleAdjustment: Decimal;
  term: Term;
}

export function lotView(lot: LotState, asOf: string): LotView {
  return {
    lotId: lot.lotId,
    accountId: lot.accountId,
    assetType: lot.assetType,
    symbol: lot.symbol,
    acquiredAt: lot.acquiredAt,
    holdingPeriodFrom: dateOfDay(lot.holdingFromDay),
    quantity: quantityText(lot.quantity),
    remaining: quantityText(lot.remaining),
    costBasis: moneyText(lot.basis),
    washSaleAdjustment: moneyText(lot.washSaleAdjustment),
    term: termOf(lot.holdingFromDay, dayNumber(asOf)),
  };
}

export interface LotSaleView {
  saleId: number;
  accountId: number;
  assetType: LotAssetType;
  symbol: string;
  lotId: string;
  quantity: Decimal;
  acquiredAt: string;
  soldAt: string;
  proceeds: Decimal;
  costBasis: Decimal;
  washSaleDisallowed: Decimal;
  gain: Decimal;
  term: Term;
}

/**
 * Each lot sale's text, made once: a sale is not changed once replayed (lot-book.ts), and a
 * sale continues or a trade replays one symbol, so after a write a year's report formats only
 * that symbol's rows, not the year's ~15,000 (bench/tax-lots.ts). Held weakly: a replay dropped
 * takes its views with it.
 */
const viewBySale = new WeakMap<LotSaleState, LotSaleView>();

/** Gain as Form 8949 figures it: proceeds - basis + the disallowed loss (column g). */
export function saleView(sale: LotSaleState): Readonly<LotSaleView> {
  const known = viewBySale.get(sale);
  if (known) return known;
  const view: LotSaleView = {
    saleId: sale.saleId,
    accountId: sale.accountId,
    assetType: sale.assetType,
    symbol: sale.symbol,
    lotId: sale.lotId,
    quantity: quantityText(sale.quantity),
    acquiredAt: sale.acquiredAt,
    soldAt: sale.soldAt,
    proceeds: moneyText(sale.proceeds),
    costBasis: moneyText(sale.basis),
    washSaleDisallowed: moneyText(sale.washSaleDisallowed),
    gain: moneyText(sale.proceeds - sale.basis + sale.washSaleDisallowed),
    term: sale.term,
  };
  viewBySale.set(sale, view);
  return view;
}
