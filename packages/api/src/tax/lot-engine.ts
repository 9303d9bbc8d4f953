import {
  isTaxAdvantaged,
  type CostBasisMethod,
  type InvestmentAccountType,
} from "@ledgerline/contracts";
import type { Decimal } from "@ledgerline/money";
import { money, moneyText, quantity, quantityText, share } from "./units";

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

export type LotAssetType = "STOCK" | "CRYPTO";
export type Term = "short" | "long";

export interface LotAccount {
  id: number;
  type: InvestmentAccountType;
  costBasisMethod: CostBasisMethod;
}

interface EventBase {
  /** The transaction id: the replay's tie-break at one instant and a buy's lot id. */
  id: number;
  accountId: number;
  assetType: LotAssetType;
  symbol: string;
  /** The trade's instant (ms): the replay's order. */
  at: number;
  /** The trade date (New York), YYYY-MM-DD: holding periods and the 30-day window count these. */
  date: string;
}

export interface LotSelection {
  lotId: string;
  quantity: Decimal;
}

export type LotEvent =
  | (EventBase & { kind: "buy"; quantity: Decimal; cost: Decimal })
  | (EventBase & {
      kind: "sell";
      quantity: Decimal;
      proceeds: Decimal;
      lots?: readonly LotSelection[] | null;
    })
  /** The quantity held in the account after the split (a SPLIT row's quantity). */
  | (EventBase & { kind: "split"; quantityAfter: Decimal })
  | (EventBase & { kind: "transfer-out"; quantity: Decimal; transferId: string })
  /** `cost` and `date` make a new lot when no transfer out with the same id moved lots. */
  | (EventBase & { kind: "transfer-in"; quantity: Decimal; cost: Decimal; transferId: string });

/** A lot as the replay holds it: exact units (units.ts). */
export interface LotState {
  lotId: string;
  buyId: number;
  accountId: number;
  assetType: LotAssetType;
  symbol: string;
  /** The buy's date. */
  acquiredAt: string;
  /** Day number the holding period counts from (earlier than acquiredAt after a wash sale). */
  holdingFromDay: number;
  /** The quantity acquired, as splits have scaled it (8 places). */
  quantity: bigint;
  remaining: bigint;
  /** Basis of what remains, fees and wash-sale adjustments included (16 places). */
  basis: bigint;
  /** The part of `basis` that is disallowed losses carried in. */
  washSaleAdjustment: bigint;
}

export interface LotSaleState {
  saleId: number;
  accountId: number;
  assetType: LotAssetType;
  symbol: string;
  lotId: string;
  quantity: bigint;
  acquiredAt: string;
  holdingFromDay: number;
  soldAt: string;
  /** The sale's instant (ms): the returns count it on its UTC day, as they count its trade. */
  at: number;
  proceeds: bigint;
  basis: bigint;
  /** The part of `basis` that is disallowed losses carried in (not money paid: the returns leave it out). */
  washSaleCarried: bigint;
  washSaleDisallowed: bigint;
  /** True when some of the disallowed loss went to a tax-advantaged account and is lost. */
  washSaleLost: boolean;
  term: Term;
}

export interface LotReplay {
  /** Open lots (remaining above zero), by account then acquisition. */
  openLots(filter?: { accountId?: number; assetType?: LotAssetType; symbol?: string }): LotState[];
  /** Every lot there has been, sold ones included (remaining 0), in the order they were made. */
  allLots(): LotState[];
  /**
   * The same lots and any emptied by a split or a transfer (quantity 0), as kept: no copy, for
   * a caller that walks hundreds of thousands in turns of the event loop (kept-lots.ts).
   */
  everyLot(): readonly LotState[];
  sales: LotSaleState[];
  /** Sales of which a selection named lots that were not there (taken by the method instead). */
  unmetSelections: number[];
}

const DAY_MS = 86_400_000;
const WASH_WINDOW_DAYS = 30;

export function dayNumber(date: string): number {
  return Math.round(
    Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS,
  );
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Long-term when sold after the first anniversary of the holding period's start. */
export function termOf(holdingFromDay: number, soldDay: number): Term {
  const from = new Date(holdingFromDay * DAY_MS);
  const anniversary =
    Date.UTC(from.getUTCFullYear() + 1, from.getUTCMonth(), from.getUTCDate()) / DAY_MS;
  return soldDay > anniversary ? "long" : "short";
}

interface Pending {
  quantity: bigint;
  adjustment: bigint;
  carriedDays: number;
}

interface BuyRecord {
  id: number;
  accountId: number;
  day: number;
  at: number;
  quantity: bigint;
  /** Shares of this buy not yet used as a replacement. */
  replacementLeft: bigint;
  /** The buy's lot before any replaced part was split off (set once the buy is replayed). */
  baseLot: LotState | null;
  pending: Pending[];
  portions: number;
  replayed: boolean;
}

interface ConsumedRow {
  lot: LotState;
  quantity: bigint;
  basis: bigint;
  adjustment: bigint;
}

const keyOf = (accountId: number, assetType: string, symbol: string) =>
  `${accountId}\u0000${assetType}\u0000${symbol}`;

const byAcquisition = (a: LotState, b: LotState) =>
  a.acquiredAt < b.acquiredAt ? -1 : a.acquiredAt > b.acquiredAt ? 1 : a.buyId - b.buyId;

/** The order open lots are listed in: by account, then acquisition. */
export const byAccountAndAcquisition = (a: LotState, b: LotState) =>
  a.accountId - b.accountId || byAcquisition(a, b);

const rankOf = (event: LotEvent) => (event.kind === "transfer-in" ? 1 : 0);

/** The replay's order: by instant; a transfer's in side after its out side; then by id. */
export const inReplayOrder = (a: LotEvent, b: LotEvent) =>
  a.at - b.at || rankOf(a) - rankOf(b) || a.id - b.id;

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
  const accountById = new Map(accounts.map((account) => [account.id, account]));

  // Every stock buy of a symbol, in order, for the wash-sale look-up (before and after a sale).
  const buysBySymbol = new Map<string, BuyRecord[]>();
  const buyById = new Map<number, BuyRecord>();
  // A step per event here too: 200,000 buys read in one go held the event loop 570 ms.
  for (const event of ordered) {
    yield;
    if (event.kind !== "buy" || event.assetType !== "STOCK") continue;
    const amount = quantity(event.quantity);
    const record: BuyRecord = {
      id: event.id,
      accountId: event.accountId,
      day: dayNumber(event.date),
      at: event.at,
      quantity: amount,
      replacementLeft: amount,
      baseLot: null,
      pending: [],
      portions: 0,
      replayed: false,
    };
    buyById.set(event.id, record);
    const list = buysBySymbol.get(event.symbol);
    if (list) list.push(record);
    else buysBySymbol.set(event.symbol, [record]);
  }

  const open = new Map<string, LotState[]>();
  const lotsOf = (accountId: number, assetType: string, symbol: string): LotState[] => {
    const key = keyOf(accountId, assetType, symbol);
    let list = open.get(key);
    if (!list) {
      list = [];
      open.set(key, list);
    }
    return list;
  };
  const every: LotState[] = [];
  const addLot = (lot: LotState) => {
    every.push(lot);
    const list = lotsOf(lot.accountId, lot.assetType, lot.symbol);
    // Lots arrive mostly in acquisition order; a transfer or a split-off portion may not.
    let at = list.length;
    while (at > 0 && byAcquisition(list[at - 1]!, lot) > 0) at -= 1;
    list.splice(at, 0, lot);
  };
  const transfers = new Map<string, LotState[]>();
  const sales: LotSaleState[] = [];
  const unmetSelections: number[] = [];

  for (const event of ordered) {
    yield;
    const account = accountById.get(event.accountId);
    if (!account) continue;
    switch (event.kind) {
      case "buy": {
        const cost = money(event.cost);
        const bought = quantity(event.quantity);
        const day = dayNumber(event.date);
        const record = buyById.get(event.id);
        if (record) record.replayed = true;
        let left = bought;
        let basisLeft = cost;
        for (const portion of record?.pending ?? []) {
          const basis = share(cost, portion.quantity, bought);
          left -= portion.quantity;
          basisLeft -= basis;
          record!.portions += 1;
          addLot({
            ...lotBase(event, day),
            lotId: `${event.id}-${record!.portions}`,
            holdingFromDay: day - portion.carriedDays,
            quantity: portion.quantity,
            remaining: portion.quantity,
            basis: basis + portion.adjustment,
            washSaleAdjustment: portion.adjustment,
          });
        }
        if (left > 0n) {
          const lot: LotState = {
            ...lotBase(event, day),
            lotId: String(event.id),
            holdingFromDay: day,
            quantity: left,
            remaining: left,
            basis: basisLeft,
            washSaleAdjustment: 0n,
          };
          addLot(lot);
          if (record) record.baseLot = lot;
        }
        break;
      }
      case "split": {
        const lots = lotsOf(event.accountId, event.assetType, event.symbol);
        const held = lots.reduce((total, lot) => total + lot.remaining, 0n);
        if (held === 0n) break;
        const after = quantity(event.quantityAfter);
        let given = 0n;
        lots.forEach((lot, index) => {
          const scaled =
            index === lots.length - 1 ? after - given : share(lot.remaining, after, held);
          given += scaled;
          lot.quantity = share(lot.quantity, after, held);
          lot.remaining = scaled;
        });
        // Shares of earlier buys not yet used as replacements are counted in the new shares too.
        for (const buy of buysBySymbol.get(event.symbol) ?? []) {
          if (buy.replayed && buy.accountId === event.accountId) {
            buy.replacementLeft = share(buy.replacementLeft, after, held);
          }
        }
        break;
      }
      case "transfer-out": {
        const lots = lotsOf(event.accountId, event.assetType, event.symbol);
        const moved = take(lots, orderFor("fifo", lots), quantity(event.quantity), null);
        transfers.set(
          event.transferId,
          moved.map((row) => ({
            ...row.lot,
            quantity: row.quantity,
            remaining: row.quantity,
            basis: row.basis,
            washSaleAdjustment: row.adjustment,
          })),
        );
        prune(lots);
        break;
      }
      case "transfer-in": {
        const moved = transfers.get(event.transferId);
        transfers.delete(event.transferId);
        if (moved && moved.length > 0) {
          for (const lot of moved) {
            addLot({ ...lot, accountId: event.accountId });
          }
        } else {
          const day = dayNumber(event.date);
          const amount = quantity(event.quantity);
          addLot({
            ...lotBase(event, day),
            lotId: String(event.id),
            holdingFromDay: day,
            quantity: amount,
            remaining: amount,
            basis: money(event.cost),
            washSaleAdjustment: 0n,
          });
        }
        break;
      }
      case "sell": {
        const lots = lotsOf(event.accountId, event.assetType, event.symbol);
        const sold = quantity(event.quantity);
        const held = lots.reduce((total, lot) => total + lot.remaining, 0n);
        // A sell of more than held cannot be written; a replay skips one rather than invent lots.
        if (sold <= 0n || sold > held) break;
        const method = account.costBasisMethod;
        if (method === "average") averageOut(lots, held);
        const picked = event.lots?.length ? selected(lots, event.lots) : null;
        if (picked && !picked.complete) unmetSelections.push(event.id);
        const rows = take(
          lots,
          orderFor(method === "average" || method === "specific" ? "fifo" : method, lots),
          sold,
          picked?.amounts ?? null,
        );
        const proceeds = money(event.proceeds);
        const soldDay = dayNumber(event.date);
        const taxable = !isTaxAdvantaged(account.type);
        const consumedBuys = new Set(rows.map((row) => row.lot.buyId));
        let proceedsGiven = 0n;
        rows.forEach((row, index) => {
          const rowProceeds =
            index === rows.length - 1
              ? proceeds - proceedsGiven
              : share(proceeds, row.quantity, sold);
          proceedsGiven += rowProceeds;
          const sale: LotSaleState = {
            saleId: event.id,
            accountId: event.accountId,
            assetType: event.assetType,
            symbol: event.symbol,
            lotId: row.lot.lotId,
            quantity: row.quantity,
            acquiredAt: row.lot.acquiredAt,
            holdingFromDay: row.lot.holdingFromDay,
            soldAt: event.date,
            at: event.at,
            proceeds: rowProceeds,
            basis: row.basis,
            washSaleCarried: row.adjustment,
            washSaleDisallowed: 0n,
            washSaleLost: false,
            term: termOf(row.lot.holdingFromDay, soldDay),
          };
          const loss = row.basis - rowProceeds;
          if (taxable && event.assetType === "STOCK" && loss > 0n) {
            washSale(sale, loss, soldDay, consumedBuys);
          }
          sales.push(sale);
        });
        prune(lots);
        break;
      }
    }
  }

  /**
   * Disallows the loss of one lot sale as far as replacement shares cover it: earliest
   * replacement first, within 30 days either side, never shares of a buy this sale sold from.
   */
  function washSale(
    sale: LotSaleState,
    loss: bigint,
    soldDay: number,
    consumedBuys: ReadonlySet<number>,
  ) {
    const candidates = buysBySymbol.get(sale.symbol) ?? [];
    let needed = sale.quantity;
    const carriedDays = soldDay - sale.holdingFromDay;
    // The buys are in replay order, so by day: the window starts where a search finds it, not
    // after a walk over every earlier buy of the symbol (quadratic in a long history).
    for (let at = firstOnOrAfter(candidates, soldDay - WASH_WINDOW_DAYS); ; at += 1) {
      const buy = candidates[at];
      if (buy === undefined || needed === 0n) break;
      if (buy.day > soldDay + WASH_WINDOW_DAYS) break;
      if (consumedBuys.has(buy.id) || buy.replacementLeft === 0n) continue;
      const replayed = buy.replayed;
      if (replayed && buy.baseLot === null) continue;
      const usable = replayed
        ? min(buy.replacementLeft, buy.baseLot!.remaining)
        : buy.replacementLeft;
      const used = min(usable, needed);
      if (used === 0n) continue;
      const disallowed = share(loss, used, sale.quantity);
      needed -= used;
      buy.replacementLeft -= used;
      sale.washSaleDisallowed += disallowed;
      const target = accountById.get(buy.accountId);
      if (!target || isTaxAdvantaged(target.type)) {
        sale.washSaleLost = true;
        continue;
      }
      if (replayed) {
        splitOffReplacement(buy, used, disallowed, carriedDays);
      } else {
        buy.pending.push({ quantity: used, adjustment: disallowed, carriedDays });
      }
    }
  }

  /** Moves `used` shares of a replayed buy's lot into a lot of their own carrying the loss. */
  function splitOffReplacement(buy: BuyRecord, used: bigint, adjustment: bigint, carried: number) {
    const base = buy.baseLot!;
    const basis = share(base.basis, used, base.remaining);
    base.basis -= basis;
    base.quantity -= used;
    base.remaining -= used;
    buy.portions += 1;
    const acquiredDay = dayNumber(base.acquiredAt);
    addLot({
      ...base,
      lotId: `${buy.id}-${buy.portions}`,
      holdingFromDay: acquiredDay - carried,
      quantity: used,
      remaining: used,
      basis: basis + adjustment,
      washSaleAdjustment: adjustment,
    });
    prune(lotsOf(base.accountId, base.assetType, base.symbol));
  }

  return {
    sales,
    unmetSelections,
    allLots: () => every.filter((lot) => lot.quantity > 0n),
    everyLot: () => every,
    openLots(filter = {}) {
      const result: LotState[] = [];
      for (const list of open.values()) {
        for (const lot of list) {
          if (lot.remaining === 0n) continue;
          if (filter.accountId !== undefined && lot.accountId !== filter.accountId) continue;
          if (filter.assetType !== undefined && lot.assetType !== filter.assetType) continue;
          if (filter.symbol !== undefined && lot.symbol !== filter.symbol) continue;
          result.push(lot);
        }
      }
      return result.sort(byAccountAndAcquisition);
    },
  };
}

function lotBase(event: EventBase, day: number) {
  return {
    buyId: event.id,
    accountId: event.accountId,
    assetType: event.assetType,
    symbol: event.symbol,
    acquiredAt: event.date,
    holdingFromDay: day,
  };
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** The index of the first buy on or after `day` (buys by day, ascending); length if none. */
function firstOnOrAfter(buys: readonly BuyRecord[], day: number): number {
  let low = 0;
  let high = buys.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (buys[middle]!.day < day) low = middle + 1;
    else high = middle;
  }
  return low;
}

function prune(lots: LotState[]) {
  let kept = 0;
  for (const lot of lots) if (lot.remaining > 0n) lots[kept++] = lot;
  lots.length = kept;
}

/** The order a method takes an account's lots in (indexes into `lots`). */
function orderFor(method: "fifo" | "lifo" | "hifo", lots: readonly LotState[]): number[] {
  const order = lots.map((_, index) => index);
  if (method === "lifo") return order.reverse();
  if (method === "hifo") {
    // Highest basis a share first (compared exactly: a.basis/a.remaining vs b.basis/b.remaining),
    // then the earliest.
    order.sort((i, j) => {
      const a = lots[i]!;
      const b = lots[j]!;
      const left = a.basis * b.remaining;
      const right = b.basis * a.remaining;
      return left > right ? -1 : left < right ? 1 : i - j;
    });
  }
  return order;
}

/** The named lots' quantities by index, and whether every selection was there to take. */
function selected(
  lots: readonly LotState[],
  selections: readonly LotSelection[],
): { amounts: Map<number, bigint>; complete: boolean } {
  const amounts = new Map<number, bigint>();
  let complete = true;
  for (const selection of selections) {
    const index = lots.findIndex((lot) => lot.lotId === selection.lotId);
    const wanted = quantity(selection.quantity);
    if (index === -1) {
      complete = false;
      continue;
    }
    const already = amounts.get(index) ?? 0n;
    const available = lots[index]!.remaining - already;
    const taken = min(wanted, available);
    if (taken < wanted) complete = false;
    if (taken > 0n) amounts.set(index, already + taken);
  }
  return { amounts, complete };
}

/**
 * Takes `amount` from the lots: first the selected quantities, then in `order` for the rest.
 * Each row's basis is its share of the lot's (half-even at 16 places), the lot keeping the rest.
 */
function take(
  lots: LotState[],
  order: readonly number[],
  amount: bigint,
  selections: ReadonlyMap<number, bigint> | null,
): ConsumedRow[] {
  const rows: ConsumedRow[] = [];
  let left = amount;
  const takeFrom = (lot: LotState, wanted: bigint) => {
    const taken = min(wanted, lot.remaining);
    if (taken === 0n) return;
    const basis = share(lot.basis, taken, lot.remaining);
    const adjustment = share(lot.washSaleAdjustment, taken, lot.remaining);
    lot.basis -= basis;
    lot.washSaleAdjustment -= adjustment;
    lot.remaining -= taken;
    left -= taken;
    rows.push({ lot, quantity: taken, basis, adjustment });
  };
  if (selections) {
    for (const [index, wanted] of selections) {
      if (left === 0n) break;
      takeFrom(lots[index]!, min(wanted, left));
    }
  }
  for (const index of order) {
    if (left === 0n) break;
    takeFrom(lots[index]!, left);
  }
  return rows;
}

/**
 * Average cost: before a sale every open lot's basis becomes its share of the account's total,
 * by quantity (the last lot takes what rounding leaves, so the total is unchanged).
 */
function averageOut(lots: readonly LotState[], held: bigint) {
  const total = lots.reduce((sum, lot) => sum + lot.basis, 0n);
  const adjustments = lots.reduce((sum, lot) => sum + lot.washSaleAdjustment, 0n);
  let given = 0n;
  let adjustmentGiven = 0n;
  lots.forEach((lot, index) => {
    const last = index === lots.length - 1;
    lot.basis = last ? total - given : share(total, lot.remaining, held);
    lot.washSaleAdjustment = last
      ? adjustments - adjustmentGiven
      : share(adjustments, lot.remaining, held);
    given += lot.basis;
    adjustmentGiven += lot.washSaleAdjustment;
  });
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

/** Gain as Form 8949 figures it: proceeds - basis + the disallowed loss (column g). */
export function saleView(sale: LotSaleState): LotSaleView {
  return {
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
}
