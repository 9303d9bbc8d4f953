import { isTaxAdvantaged } from "@ledgerline/contracts";
import {
  byAccountAndAcquisition,
  byAcquisition,
  dayNumber,
  inReplayOrder,
  termOf,
  type EventBase,
  type LotAccount,
  type LotEvent,
  type LotReplay,
  type LotSaleState,
  type LotState,
} from "./lot-state";
import { averageOut, min, orderFor, prune, selected, take, type ConsumedRow } from "./lot-taking";
import { money, quantity, share } from "./units";

const WASH_WINDOW_DAYS = 30;

/** Replacement shares of a buy not replayed yet: the loss they carry and the days carried over. */
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

type EventOf<Kind extends LotEvent["kind"]> = Extract<LotEvent, { kind: Kind }>;

const keyOf = (accountId: number, assetType: string, symbol: string) =>
  `${accountId}\u0000${assetType}\u0000${symbol}`;

/**
 * What a replay has made of a person's events so far (the rules: lot-engine.ts). The events go
 * in replay order twice: first every stock buy is registered (a loss looks for replacements up
 * to 30 days after it), then each event is replayed into lots and lot sales.
 */
export class LotBook {
  private readonly accountById: ReadonlyMap<number, LotAccount>;
  /** Every stock buy of a symbol, in order, for the wash-sale look-up (before and after a sale). */
  private readonly buysBySymbol = new Map<string, BuyRecord[]>();
  private readonly buyById = new Map<number, BuyRecord>();
  /** The open lots of each account's symbol, by acquisition. */
  private readonly open = new Map<string, LotState[]>();
  /** Every lot made, in the order made. */
  private readonly every: LotState[] = [];
  /** Lots moved out of an account and not yet in, by transfer id. */
  private readonly transfers = new Map<string, LotState[]>();
  private readonly sales: LotSaleState[] = [];
  private readonly unmetSelections: number[] = [];
  /** The last event replayed: only a sale after it can continue the book (`withSale`). */
  private last: LotEvent | undefined;

  constructor(accounts: readonly LotAccount[] | ReadonlyMap<number, LotAccount>) {
    this.accountById =
      accounts instanceof Map
        ? accounts
        : new Map((accounts as readonly LotAccount[]).map((account) => [account.id, account]));
  }

  /** The first pass: a stock buy, a possible replacement for the losses of its symbol. */
  registerBuy(event: LotEvent): void {
    if (event.kind !== "buy" || event.assetType !== "STOCK") return;
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
    this.buyById.set(event.id, record);
    const list = this.buysBySymbol.get(event.symbol);
    if (list) list.push(record);
    else this.buysBySymbol.set(event.symbol, [record]);
  }

  /** The second pass: one event, after every event before it in replay order. */
  replay(event: LotEvent): void {
    this.last = event;
    const account = this.accountById.get(event.accountId);
    if (!account) return;
    switch (event.kind) {
      case "buy":
        return this.buy(event);
      case "split":
        return this.split(event);
      case "transfer-out":
        return this.transferOut(event);
      case "transfer-in":
        return this.transferIn(event);
      case "sell":
        return this.sell(event, account);
    }
  }

  /**
   * A copy of this book with one more sale replayed, as a replay with that sale last has it;
   * this book is left as it was. Null when the event is not a sale after every event replayed:
   * only a sale can come last unchanged, a buy may replace a loss sold before it.
   */
  withSale(event: LotEvent): LotBook | null {
    if (event.kind !== "sell") return null;
    if (this.last !== undefined && inReplayOrder(this.last, event) >= 0) return null;
    const next = this.copy();
    next.replay(event);
    return next;
  }

  /** The replay so far: its sales and lots as kept (not copies). */
  view(): LotReplay {
    const { every, open } = this;
    return {
      sales: this.sales,
      unmetSelections: this.unmetSelections,
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

  /** A book that changes apart from this one: lots and buy records copied, sales shared. */
  private copy(): LotBook {
    const copy = new LotBook(this.accountById);
    const copies = new Map<LotState, LotState>();
    const lotCopy = (lot: LotState) => {
      let found = copies.get(lot);
      if (!found) {
        found = { ...lot };
        copies.set(lot, found);
      }
      return found;
    };
    for (const lot of this.every) copy.every.push(lotCopy(lot));
    for (const [key, lots] of this.open) copy.open.set(key, lots.map(lotCopy));
    for (const [id, lots] of this.transfers) copy.transfers.set(id, lots.map(lotCopy));
    for (const [symbol, buys] of this.buysBySymbol) {
      const records = buys.map((buy) => ({
        ...buy,
        baseLot: buy.baseLot && lotCopy(buy.baseLot),
        pending: [...buy.pending],
      }));
      for (const record of records) copy.buyById.set(record.id, record);
      copy.buysBySymbol.set(symbol, records);
    }
    // A sale is not changed once replayed: the copy lists the same ones.
    for (const sale of this.sales) copy.sales.push(sale);
    for (const id of this.unmetSelections) copy.unmetSelections.push(id);
    copy.last = this.last;
    return copy;
  }

  private lotsOf(accountId: number, assetType: string, symbol: string): LotState[] {
    const key = keyOf(accountId, assetType, symbol);
    let list = this.open.get(key);
    if (!list) {
      list = [];
      this.open.set(key, list);
    }
    return list;
  }

  private addLot(lot: LotState) {
    this.every.push(lot);
    const list = this.lotsOf(lot.accountId, lot.assetType, lot.symbol);
    // Lots arrive mostly in acquisition order; a transfer or a split-off portion may not.
    let at = list.length;
    while (at > 0 && byAcquisition(list[at - 1]!, lot) > 0) at -= 1;
    list.splice(at, 0, lot);
  }

  /** A buy's lot, less the replacement shares a wash sale already gave lots of their own. */
  private buy(event: EventOf<"buy">) {
    const cost = money(event.cost);
    const bought = quantity(event.quantity);
    const day = dayNumber(event.date);
    const record = this.buyById.get(event.id);
    if (record) record.replayed = true;
    let left = bought;
    let basisLeft = cost;
    for (const portion of record?.pending ?? []) {
      const basis = share(cost, portion.quantity, bought);
      left -= portion.quantity;
      basisLeft -= basis;
      record!.portions += 1;
      this.addLot({
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
      this.addLot(lot);
      if (record) record.baseLot = lot;
    }
  }

  private split(event: EventOf<"split">) {
    const lots = this.lotsOf(event.accountId, event.assetType, event.symbol);
    const held = lots.reduce((total, lot) => total + lot.remaining, 0n);
    if (held === 0n) return;
    const after = quantity(event.quantityAfter);
    let given = 0n;
    lots.forEach((lot, index) => {
      const scaled = index === lots.length - 1 ? after - given : share(lot.remaining, after, held);
      given += scaled;
      lot.quantity = share(lot.quantity, after, held);
      lot.remaining = scaled;
    });
    // Shares of earlier buys not yet used as replacements are counted in the new shares too.
    for (const buy of this.buysBySymbol.get(event.symbol) ?? []) {
      if (buy.replayed && buy.accountId === event.accountId) {
        buy.replacementLeft = share(buy.replacementLeft, after, held);
      }
    }
  }

  private transferOut(event: EventOf<"transfer-out">) {
    const lots = this.lotsOf(event.accountId, event.assetType, event.symbol);
    const moved = take(lots, orderFor("fifo", lots), quantity(event.quantity), null);
    this.transfers.set(
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
  }

  private transferIn(event: EventOf<"transfer-in">) {
    const moved = this.transfers.get(event.transferId);
    this.transfers.delete(event.transferId);
    if (moved && moved.length > 0) {
      for (const lot of moved) this.addLot({ ...lot, accountId: event.accountId });
      return;
    }
    const day = dayNumber(event.date);
    const amount = quantity(event.quantity);
    this.addLot({
      ...lotBase(event, day),
      lotId: String(event.id),
      holdingFromDay: day,
      quantity: amount,
      remaining: amount,
      basis: money(event.cost),
      washSaleAdjustment: 0n,
    });
  }

  /** Takes the sale's lots by its account's method (or the lots it names) into lot sales. */
  private sell(event: EventOf<"sell">, account: LotAccount) {
    const lots = this.lotsOf(event.accountId, event.assetType, event.symbol);
    const sold = quantity(event.quantity);
    const held = lots.reduce((total, lot) => total + lot.remaining, 0n);
    // A sell of more than held cannot be written; a replay skips one rather than invent lots.
    if (sold <= 0n || sold > held) return;
    const method = account.costBasisMethod;
    if (method === "average") averageOut(lots, held);
    const picked = event.lots?.length ? selected(lots, event.lots) : null;
    if (picked && !picked.complete) this.unmetSelections.push(event.id);
    const rows = take(
      lots,
      orderFor(method === "average" || method === "specific" ? "fifo" : method, lots),
      sold,
      picked?.amounts ?? null,
    );
    this.saleRows(event, account, rows, sold);
    prune(lots);
  }

  /** One lot sale a row taken, the proceeds shared by quantity, each loss tested for a wash sale. */
  private saleRows(
    event: EventOf<"sell">,
    account: LotAccount,
    rows: readonly ConsumedRow[],
    sold: bigint,
  ) {
    const proceeds = money(event.proceeds);
    const soldDay = dayNumber(event.date);
    const taxable = !isTaxAdvantaged(account.type);
    const consumedBuys = new Set(rows.map((row) => row.lot.buyId));
    let proceedsGiven = 0n;
    rows.forEach((row, index) => {
      const rowProceeds =
        index === rows.length - 1 ? proceeds - proceedsGiven : share(proceeds, row.quantity, sold);
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
        this.washSale(sale, loss, soldDay, consumedBuys);
      }
      this.sales.push(sale);
    });
  }

  /**
   * Disallows the loss of one lot sale as far as replacement shares cover it: earliest
   * replacement first, within 30 days either side, never shares of a buy this sale sold from.
   */
  private washSale(
    sale: LotSaleState,
    loss: bigint,
    soldDay: number,
    consumedBuys: ReadonlySet<number>,
  ) {
    const candidates = this.buysBySymbol.get(sale.symbol) ?? [];
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
      const target = this.accountById.get(buy.accountId);
      if (!target || isTaxAdvantaged(target.type)) {
        sale.washSaleLost = true;
        continue;
      }
      if (replayed) {
        this.splitOffReplacement(buy, used, disallowed, carriedDays);
      } else {
        buy.pending.push({ quantity: used, adjustment: disallowed, carriedDays });
      }
    }
  }

  /** Moves `used` shares of a replayed buy's lot into a lot of their own carrying the loss. */
  private splitOffReplacement(buy: BuyRecord, used: bigint, adjustment: bigint, carried: number) {
    const base = buy.baseLot!;
    const basis = share(base.basis, used, base.remaining);
    base.basis -= basis;
    base.quantity -= used;
    base.remaining -= used;
    buy.portions += 1;
    const acquiredDay = dayNumber(base.acquiredAt);
    this.addLot({
      ...base,
      lotId: `${buy.id}-${buy.portions}`,
      holdingFromDay: acquiredDay - carried,
      quantity: used,
      remaining: used,
      basis: basis + adjustment,
      washSaleAdjustment: adjustment,
    });
    prune(this.lotsOf(base.accountId, base.assetType, base.symbol));
  }
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
