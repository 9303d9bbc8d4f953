import type { CorporateAction, HistoricalBar } from "@ledgerline/contracts";
import { FAR_DAY, type AssetType, type HoldingSnapshot, type Trade } from "@ledgerline/db";
import {
  add,
  applyBuy,
  applySell,
  buyCost,
  costBasis,
  divide,
  isZero,
  multiply,
  realizedGain,
  sellProceeds,
  subtract,
  sum,
  type Decimal,
  type Holding,
} from "@ledgerline/money";
import type { AppDeps } from "../platform/scope";
import { Turns } from "../platform/turns";

/**
 * The portfolio replayed day by day from its trades against daily closes: what the value
 * history, the summary's realized gain and the returns are all computed from.
 */

const DAY_MS = 86_400_000;
/** Days whose text utcDay keeps (a few thousand are read; forgotten all at once past this). */
const DAY_TEXTS = 20_000;
const dayTexts = new Map<number, string>();
/** The last millisecond a Date holds, either side of 1970. */
const LAST_INSTANT = 8.64e15;

/**
 * The instant's UTC day, YYYY-MM-DD: each day's text made once and kept by the day's first
 * millisecond. The snapshots' recompute asks it of each of an import's 100,000 trades, a Date
 * and two strings each time (issue 35). Throws as toISOString does for an instant out of range.
 */
export function utcDay(instant: number): string {
  const ms = Math.trunc(instant);
  // Past a Date's range (or not a number): toISOString's RangeError.
  if (!(Math.abs(ms) <= LAST_INSTANT)) return new Date(instant).toISOString().slice(0, 10);
  const start = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
  let text = dayTexts.get(start);
  if (text === undefined) {
    text = new Date(start).toISOString().slice(0, 10);
    if (dayTexts.size >= DAY_TEXTS) dayTexts.clear();
    dayTexts.set(start, text);
  }
  return text;
}
export const addDays = (day: string, days: number) =>
  utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
export const keyOf = (type: AssetType, symbol: string) => `${type}:${symbol}`;
/** The holding a key of keyOf names. */
export function holdingOfKey(key: string): { assetType: AssetType; symbol: string } {
  const split = key.indexOf(":");
  return { assetType: key.slice(0, split) as AssetType, symbol: key.slice(split + 1) };
}
export const tradeDay = (trade: Trade) => utcDay(trade.transactionDate.getTime());

export interface LedgerHolding extends Holding {
  type: AssetType;
  symbol: string;
}

export interface HeldValue {
  stockValue: Decimal;
  cryptoValue: Decimal;
  totalValue: Decimal;
  costBasis: Decimal;
}

/**
 * Trades applied in order with average-cost accounting: the holdings, each symbol's realized
 * gain, and the money each trade moved in (+, a buy's cost: quantity x price + fee) or out (-, a
 * sell's proceeds: quantity x price - fee). A fee is in a buy's cost basis and out of a sell's
 * realized gain, so the returns and the gains agree on it.
 */
export class TradeLedger {
  /**
   * `oneAccount`: the trades are one investment account's, so a holding transferred in or out
   * (TRANSFER_IN, TRANSFER_OUT) enters or leaves it, at its cost, as a flow of its market value.
   * Otherwise (all accounts) a transfer's two rows move nothing in or out and are passed over.
   */
  constructor(private readonly options: { oneAccount?: boolean } = {}) {}

  readonly holdings = new Map<string, LedgerHolding>();
  readonly lastTradePrice = new Map<string, Decimal>();
  /** Realized gain per symbol key, closed positions included. */
  readonly realized = new Map<string, Decimal>();

  /** Starts from a stored position (a snapshot) instead of from nothing. */
  seed(holding: HoldingSnapshot): void {
    const key = keyOf(holding.assetType, holding.symbol);
    const { quantity, averagePrice } = holding;
    this.holdings.set(key, {
      quantity,
      averagePrice,
      type: holding.assetType,
      symbol: holding.symbol,
    });
    if (holding.lastPrice !== null) this.lastTradePrice.set(key, holding.lastPrice);
    if (!isZero(holding.realized)) this.realized.set(key, holding.realized);
  }

  /**
   * Applies one trade; answers its external flow and the gain it realized. `close`: the day's
   * close of the symbol, which a transfer's flow is valued at (its cost without one).
   */
  apply(trade: Trade, close?: Decimal | null): { flow: Decimal; realized: Decimal } {
    const key = keyOf(trade.type, trade.symbol);
    const current = this.holdings.get(key);
    if (trade.transactionType === "TRANSFER_IN" || trade.transactionType === "TRANSFER_OUT") {
      return this.transfer(key, current, trade, close ?? trade.price);
    }
    if (trade.transactionType === "SPLIT") {
      // A SPLIT row holds the position as the split left it (repositories/corporate-actions.ts);
      // no money moves and its price is the average cost, not a trade's.
      const split = { quantity: trade.quantity, averagePrice: trade.price };
      this.holdings.set(key, { ...split, type: trade.type, symbol: trade.symbol });
      return { flow: "0", realized: "0" };
    }
    this.lastTradePrice.set(key, trade.price);
    if (trade.transactionType === "BUY") {
      const bought = applyBuy(current ?? null, trade.quantity, trade.price, trade.fee);
      this.holdings.set(key, { ...bought, type: trade.type, symbol: trade.symbol });
      return { flow: buyCost(trade.quantity, trade.price, trade.fee), realized: "0" };
    }
    // A sell of more than held cannot be written; a replay skips one rather than invent a holding.
    const sold = current ? applySell(current, trade.quantity) : null;
    if (!current || !sold?.ok) return { flow: "0", realized: "0" };
    const gain = realizedGain(current, trade.quantity, trade.price, trade.fee);
    this.holdings.set(key, { ...sold.holding, type: trade.type, symbol: trade.symbol });
    this.realized.set(key, add(this.realized.get(key) ?? "0", gain));
    return {
      flow: subtract("0", sellProceeds(trade.quantity, trade.price, trade.fee)),
      realized: gain,
    };
  }

  /**
   * A holding moved between accounts realizes nothing: in, it joins at the cost it carried (the
   * row's price); out, it leaves at the average cost. Its value crosses the account's edge.
   */
  private transfer(
    key: string,
    current: LedgerHolding | undefined,
    trade: Trade,
    valuedAt: Decimal,
  ): { flow: Decimal; realized: Decimal } {
    if (!this.options.oneAccount) return { flow: "0", realized: "0" };
    const value = multiply(trade.quantity, valuedAt);
    if (trade.transactionType === "TRANSFER_IN") {
      const joined = applyBuy(current ?? null, trade.quantity, trade.price, "0");
      this.holdings.set(key, { ...joined, type: trade.type, symbol: trade.symbol });
      return { flow: value, realized: "0" };
    }
    const left = current ? applySell(current, trade.quantity) : null;
    if (!current || !left?.ok) return { flow: "0", realized: "0" };
    this.holdings.set(key, { ...left.holding, type: trade.type, symbol: trade.symbol });
    return { flow: subtract("0", value), realized: "0" };
  }

  totalRealized(): Decimal {
    return sum([...this.realized.values()]);
  }

  /**
   * What is held, valued at `closeOf` (or, without one, the last trade's price, then the average
   * cost), and its cost basis.
   */
  value(closeOf: (key: string) => Decimal | null | undefined): HeldValue {
    const values: Record<AssetType, Decimal[]> = { STOCK: [], CRYPTO: [] };
    const bases: Decimal[] = [];
    for (const [key, held] of this.holdings) {
      if (isZero(held.quantity)) continue;
      const close = closeOf(key) ?? this.lastTradePrice.get(key) ?? held.averagePrice;
      values[held.type].push(multiply(held.quantity, close));
      bases.push(costBasis(held));
    }
    const stockValue = sum(values.STOCK);
    const cryptoValue = sum(values.CRYPTO);
    return {
      stockValue,
      cryptoValue,
      totalValue: add(stockValue, cryptoValue),
      costBasis: sum(bases),
    };
  }

  held(): LedgerHolding[] {
    return [...this.holdings.values()].filter((holding) => !isZero(holding.quantity));
  }
}

/** A holding of the ledger as a stored snapshot of `day` would keep it. */
export function snapshotOf(ledger: TradeLedger, key: string, day: string): HoldingSnapshot {
  const { assetType, symbol } = holdingOfKey(key);
  const held = ledger.holdings.get(key);
  return {
    assetType,
    symbol,
    day,
    until: FAR_DAY,
    quantity: held?.quantity ?? "0",
    averagePrice: held?.averagePrice ?? "0",
    lastPrice: ledger.lastTradePrice.get(key) ?? null,
    realized: ledger.realized.get(key) ?? "0",
  };
}

/**
 * A split-adjusted close (in today's shares) as a share traded on `day`: before a split there
 * were fewer shares (more, before a reverse one), so each later split's ratio multiplies it.
 */
export function closeInSharesOf(
  adjustedClose: Decimal,
  day: string,
  actions: readonly CorporateAction[],
): Decimal {
  return perShareIn(adjustedClose, FAR_DAY, day, actions, 2);
}

/**
 * A per-share figure (a price, a dividend) of `from`'s shares in `to`'s, to `places`: each split
 * between the two days shares it among splitTo / splitFrom times as many shares going forward,
 * among that many times fewer going back.
 */
export function perShareIn(
  value: Decimal,
  from: string,
  to: string,
  actions: readonly CorporateAction[],
  places: number,
): Decimal {
  const forward = from < to;
  const [after, upTo] = forward ? [from, to] : [to, from];
  let figure = value;
  for (const { type, exDate, splitFrom, splitTo } of actions) {
    if (type === "split" && exDate > after && exDate <= upTo && splitFrom && splitTo) {
      figure = forward
        ? divide(multiply(figure, splitFrom), splitTo, places)
        : divide(multiply(figure, splitTo), splitFrom, places);
    }
  }
  return figure;
}

/**
 * A symbol's daily closes, read forward day by day: the latest close on or before a day, in that
 * day's shares. A holding's quantity is in the same shares (a SPLIT row changes it on the
 * ex-date), so its value draws no cliff at a split.
 */
export class CloseSeries {
  private next = 0;
  private close: Decimal | null = null;
  private readonly splits: readonly CorporateAction[];
  constructor(
    private readonly bars: HistoricalBar[],
    actions: readonly CorporateAction[] = [],
  ) {
    this.splits = actions.filter((action) => action.type === "split");
  }
  on(day: string): Decimal | null {
    while (this.next < this.bars.length && this.bars[this.next]!.date <= day) {
      this.close = this.bars[this.next]!.c;
      this.next += 1;
    }
    return this.close === null || this.splits.length === 0
      ? this.close
      : closeInSharesOf(this.close, day, this.splits);
  }
}

/** A stock's splits and dividends, or none when the provider cannot say (values may then jump). */
export async function corporateActions(deps: AppDeps, symbol: string): Promise<CorporateAction[]> {
  try {
    return await deps.market.stocks.getCorporateActions(symbol);
  } catch (error) {
    deps.logger.warn({ err: error, symbol }, "no corporate actions");
    return [];
  }
}

export async function dailyBars(
  deps: AppDeps,
  type: AssetType,
  symbol: string,
  from: string,
  to: string,
): Promise<HistoricalBar[] | null> {
  try {
    return type === "STOCK"
      ? await deps.market.stocks.getDailyBars(symbol, from, to)
      : await deps.market.crypto.getDailyBars(symbol, from, to);
  } catch (error) {
    deps.logger.warn({ err: error, symbol, type }, "no daily history");
    return null;
  }
}

/** A symbol's closes from `from` to `to` in each day's shares; null without daily history. */
export async function closeSeriesOf(
  deps: AppDeps,
  type: AssetType,
  symbol: string,
  from: string,
  to: string,
): Promise<CloseSeries | null> {
  const [bars, actions] = await Promise.all([
    dailyBars(deps, type, symbol, from, to),
    type === "STOCK" ? corporateActions(deps, symbol) : [],
  ]);
  return bars ? new CloseSeries(bars, actions) : null;
}

/** Symbols whose closes are read at once by closeSeriesInTurns (PostgreSQL's round trips overlap). */
const CLOSES_AT_ONCE = 4;

/**
 * closeSeriesOf for each holding, a few at a time, handing the event loop over (decision 0029)
 * whenever a turn has run: on SQLite a symbol's years of bars are read and built without a
 * pause, and 200 symbols started together held every other request for a second and more.
 * Answers each key's closes, null for a holding without daily history.
 */
export async function closeSeriesInTurns(
  deps: AppDeps,
  holdings: ReadonlyMap<string, { type: AssetType; symbol: string }>,
  from: string,
  to: string,
  turns = new Turns(),
): Promise<Map<string, CloseSeries | null>> {
  const series = new Map<string, CloseSeries | null>();
  const waiting = [...holdings];
  const reader = async () => {
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      const [key, { type, symbol }] = next;
      series.set(key, await closeSeriesOf(deps, type, symbol, from, to));
      if (turns.due()) await turns.next();
    }
  };
  await Promise.all(Array.from({ length: CLOSES_AT_ONCE }, reader));
  // In the holdings' order, whichever reader finished first.
  return new Map([...holdings.keys()].map((key) => [key, series.get(key) ?? null]));
}

/** One day of the replay: values at its close, after its trades. */
export interface ValuedDay {
  date: string;
  stockValue: Decimal;
  cryptoValue: Decimal;
  totalValue: Decimal;
  costBasis: Decimal;
  /** Buys at cost less sells' proceeds that day. */
  flow: Decimal;
  /** Gain realized by that day's sells. */
  realized: Decimal;
  /**
   * Of `flow`, one account's holdings moved in (+) or out (-) by transfers, at the day's close
   * (account-days.ts; absent elsewhere): no cash of the account paid for them or received them.
   */
  moved?: Decimal;
}

/** A day's figures with nothing held and nothing traded. */
export const NOTHING_HELD = {
  stockValue: "0",
  cryptoValue: "0",
  totalValue: "0",
  costBasis: "0",
  flow: "0",
  realized: "0",
} as const satisfies Omit<ValuedDay, "date">;

export interface Valuation {
  days: ValuedDay[];
  unpricedSymbols: string[];
}

/**
 * The portfolio's value at each day's close from `from` to `today`, replaying the trades
 * (oldest first) against daily bars; trades before `from` only set what is held at its start.
 * Today is valued at `currentPrices` (keyed by keyOf), so the last day is where the summary's
 * cards stand. Trades stamped after today (a clock ahead of the market's) count today.
 */
export async function valueByDay(
  deps: AppDeps,
  trades: Trade[],
  from: string,
  today: string,
  currentPrices: Map<string, Decimal>,
): Promise<Valuation> {
  const ledger = new TradeLedger();
  let next = 0;
  while (next < trades.length && tradeDay(trades[next]!) < from) {
    ledger.apply(trades[next]!);
    next += 1;
  }
  // Every symbol held at the start of the range, or traded within it.
  const involved = new Map<string, { type: AssetType; symbol: string }>();
  for (const held of ledger.held()) involved.set(keyOf(held.type, held.symbol), held);
  for (const trade of trades.slice(next)) {
    involved.set(keyOf(trade.type, trade.symbol), { type: trade.type, symbol: trade.symbol });
  }

  // A week of slack before the range, so its first day has a close even after a weekend.
  const barsFrom = addDays(from, -7);
  const series = new Map<string, CloseSeries>();
  const unpriced: string[] = [];
  await Promise.all(
    [...involved].map(async ([key, { type, symbol }]) => {
      const closes = await closeSeriesOf(deps, type, symbol, barsFrom, today);
      if (closes) series.set(key, closes);
      else unpriced.push(symbol);
    }),
  );

  const days: ValuedDay[] = [];
  for (let day = from; day <= today; day = addDays(day, 1)) {
    const flows: Decimal[] = [];
    const realized: Decimal[] = [];
    while (next < trades.length && (day === today || tradeDay(trades[next]!) <= day)) {
      const applied = ledger.apply(trades[next]!);
      flows.push(applied.flow);
      realized.push(applied.realized);
      next += 1;
    }
    const value = ledger.value(
      (key) => (day === today ? currentPrices.get(key) : undefined) ?? series.get(key)?.on(day),
    );
    days.push({ date: day, ...value, flow: sum(flows), realized: sum(realized) });
  }
  return { days, unpricedSymbols: unpriced.sort() };
}
