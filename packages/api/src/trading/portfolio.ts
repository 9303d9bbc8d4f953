import { dateOf } from "@ledgerline/clock";
import {
  AMOUNT_DECIMALS,
  investmentAccountMessages,
  MAX_TRADE_TOTAL,
  portfolioMessages,
  type BuyMoreInput,
  type PositionView,
  type AccountFilter,
  type SellInput,
  type SymbolTotal,
  type TradeResult,
  type ValuedPosition,
} from "@ledgerline/contracts";
import type { AssetType, BuyRequest, Position, TradeOutcome } from "@ledgerline/db";
import {
  AVERAGE_PRICE_DECIMALS,
  buyCost,
  compare,
  divide,
  isZero,
  multiply,
  percent,
  round,
  sellProceeds,
  subtract,
  sum,
  type Decimal,
} from "@ledgerline/money";
import { applyCorporateActions, readSyncDueAt } from "../accounting/corporate-actions";
import { checkLotSelections, lotsBeforeSale, realizedBySale } from "../tax/tax-lots";
import { badRequest, conflict, notFound } from "../platform/errors";
import { tradeRequestKey } from "./idempotency";
import { scheduleSnapshotRefresh } from "../accounting/portfolio-snapshots";
import type { UserScope } from "../platform/scope";
import { transactionView } from "./transactions";
import { accountFilterOf, accountFor, keepsSeveralAccounts } from "../accounts/account-scope";

/**
 * Buying and selling positions. Written once for both asset types: an `AssetMarket` says which
 * positions are meant and where the current price comes from. The repository applies each trade
 * and writes its transaction row in one immediate database transaction.
 */
export interface AssetMarket {
  assetType: AssetType;
  /** The current market price; throws the market's error for a symbol the market does not know. */
  currentPrice(scope: UserScope, symbol: string): Promise<Decimal>;
  /** Current prices of many symbols at once; a symbol whose quote is unavailable is left out. */
  currentPrices(scope: UserScope, symbols: readonly string[]): Promise<Map<string, Decimal>>;
  /** Until when (market clock) these symbols' current prices stay the ones answered now. */
  pricesFreshUntil(scope: UserScope, symbols: readonly string[]): Promise<number>;
  /**
   * Brings the user's positions up to date with splits and dividends (services/corporate-actions.ts):
   * of the given symbols, forced (around a trade), or of all, throttled (before a read).
   */
  applyCorporateActions(scope: UserScope, symbols?: readonly string[]): Promise<void>;
}

export const stockMarket: AssetMarket = {
  assetType: "STOCK",
  currentPrice: async (scope, symbol) => (await scope.deps.market.stocks.getSnapshot(symbol)).price,
  currentPrices: async (scope, symbols) =>
    new Map(
      (await scope.deps.market.stocks.getSnapshots(symbols)).flatMap((result) =>
        result.ok ? [[result.symbol, result.snapshot.price] as const] : [],
      ),
    ),
  pricesFreshUntil: async (scope, symbols) => {
    const stocks = scope.deps.market.stocks;
    return Math.min(
      ...(await Promise.all(symbols.map((symbol) => stocks.quoteFreshUntil(symbol)))),
    );
  },
  applyCorporateActions: async (scope, symbols) => {
    await applyCorporateActions(scope.deps, scope.user.id, symbols ? { symbols } : {});
  },
};

/** A client clock a little ahead of ours still means "now". */
const CLOCK_SKEW_MS = 60_000;
/** A position; `withAccount`: with its account (see keepsSeveralAccounts). */
export function toPositionView(position: Position, withAccount = false): PositionView {
  return {
    id: position.id,
    symbol: position.symbol,
    quantity: position.quantity,
    averagePurchasePrice: position.averagePrice,
    ...(withAccount ? { accountId: position.accountId } : {}),
  };
}

function tradeDate(scope: UserScope, purchaseDate: string | undefined): Date {
  const now = dateOf(scope.deps.clock);
  if (purchaseDate === undefined) return now;
  const date = new Date(purchaseDate);
  if (date.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw badRequest(portfolioMessages.purchaseDateInFuture);
  }
  return date;
}

/**
 * Whether a trade's total (quantity x price, and with a buy's fee added) is within the contracts'
 * bound: quantity, price and fee are each capped at the door, their sum of products here, for
 * both doors and imports alike. The fee is in the bound because it is in the average price: a
 * tiny quantity with a large fee would otherwise make an average past what storage holds.
 */
export function tradeTotalFits(quantity: Decimal, price: Decimal, fee: Decimal = "0"): boolean {
  return compare(buyCost(quantity, price, fee), MAX_TRADE_TOTAL) <= 0;
}

/** The message for a trade whose total is out of bounds, or null when it is within them. */
export function tradeTotalProblem(
  side: "BUY" | "SELL",
  quantity: Decimal,
  price: Decimal,
  fee: Decimal,
): string | null {
  if (!tradeTotalFits(quantity, price)) return portfolioMessages.tradeTotalTooLarge;
  if (side === "BUY" && !tradeTotalFits(quantity, price, fee)) {
    return portfolioMessages.tradeTotalWithFeeTooLarge;
  }
  // A sell's proceeds are net of its fee, and proceeds below nothing are a typo.
  if (side === "SELL" && compare(sellProceeds(quantity, price, fee), "0") < 0) {
    return portfolioMessages.feeAboveProceeds;
  }
  return null;
}

function checkTotal(side: "BUY" | "SELL", quantity: Decimal, price: Decimal, fee: Decimal): void {
  const problem = tradeTotalProblem(side, quantity, price, fee);
  if (problem) throw badRequest(problem);
}

/**
 * A buy dated before a split is split too: the corporate actions of its symbol are applied after
 * it, and the position answered is the one they leave.
 */
async function afterBuy(
  scope: UserScope,
  asset: AssetMarket,
  outcome: TradeOutcome,
): Promise<TradeOutcome> {
  if (!outcome.ok || !outcome.position) return outcome;
  await asset.applyCorporateActions(scope, [outcome.position.symbol]);
  const position = await scope.deps.repos.portfolio.findById(
    scope.user.id,
    asset.assetType,
    outcome.position.id,
  );
  return { ...outcome, position: position ?? outcome.position };
}

async function tradeResult(scope: UserScope, outcome: TradeOutcome): Promise<TradeResult> {
  if (outcome.ok) {
    const withAccount = await keepsSeveralAccounts(scope);
    return {
      position: outcome.position ? toPositionView(outcome.position, withAccount) : null,
      transaction: transactionView(outcome.transaction, withAccount),
    };
  }
  switch (outcome.reason) {
    case "not_found":
      throw notFound(portfolioMessages.positionNotFound);
    case "account_not_found":
      throw notFound(investmentAccountMessages.notFound);
    case "exceeds_holding":
      throw badRequest(portfolioMessages.invalidSellQuantity);
    case "held_changed":
      throw conflict(portfolioMessages.holdingChanged);
  }
}

const notesOf = (notes: string | undefined) => (notes ? notes : null);

/** Values carry as many decimals as amounts do, for stocks and coins alike. */
const money = (value: Decimal) => round(value, AMOUNT_DECIMALS);

/** Cost basis (of an exact cost), market value and gain of a quantity at a current price. */
function valued(quantity: Decimal, cost: Decimal, price: Decimal | undefined) {
  const costBasis = money(cost);
  const currentValue = price === undefined ? null : money(multiply(quantity, price));
  const gainLoss = currentValue === null ? null : subtract(currentValue, costBasis);
  return {
    costBasis,
    currentPrice: price ?? null,
    currentValue,
    gainLoss,
    gainLossPercent: gainLoss === null ? null : percent(gainLoss, costBasis, 4),
  };
}

export function toValuedPosition(
  position: Position,
  price: Decimal | undefined,
  withAccount = false,
): ValuedPosition {
  return {
    ...toPositionView(position, withAccount),
    ...valued(position.quantity, multiply(position.quantity, position.averagePrice), price),
  };
}

/**
 * A symbol held in several accounts, as one holding: the quantities add up, and so do the cost
 * bases (each account's exact quantity x average price), whose sum over the quantity is the
 * combined average price.
 */
export function symbolTotalOf(held: readonly Position[], price: Decimal | undefined): SymbolTotal {
  const quantity = sum(held.map((position) => position.quantity));
  const cost = sum(held.map((position) => multiply(position.quantity, position.averagePrice)));
  return {
    quantity,
    averagePurchasePrice: isZero(quantity) ? "0" : divide(cost, quantity, AVERAGE_PRICE_DECIMALS),
    ...valued(quantity, cost, price),
  };
}

/**
 * The user's positions of one asset type, sorted by symbol, each valued at the current price (from
 * the market service's cache). A position whose quote is unavailable is listed without market figures.
 */
export async function listPositions(
  scope: UserScope,
  asset: AssetMarket,
  filter: AccountFilter = {},
): Promise<ValuedPosition[]> {
  const accountId = await accountFilterOf(scope, filter.accountId);
  await asset.applyCorporateActions(scope);
  // Read after the sync (which a cached answer skips): the answer holds until the next one.
  scope.answerLife?.until(readSyncDueAt(scope.deps, scope.user.id));
  const positions = await scope.deps.repos.portfolio.list(
    scope.user.id,
    asset.assetType,
    accountId,
  );
  if (positions.length === 0) return [];
  const symbols = positions.map((position) => position.symbol);
  const prices = await asset.currentPrices(scope, symbols);
  if (scope.answerLife) {
    // A missing quote is asked for again by the next read.
    if (prices.size < new Set(symbols).size) scope.answerLife.until(0);
    scope.answerLife.until(await asset.pricesFreshUntil(scope, symbols));
  }
  const withAccount = await keepsSeveralAccounts(scope);
  const bySymbol = new Map<string, Position[]>();
  for (const position of positions) {
    bySymbol.set(position.symbol, [...(bySymbol.get(position.symbol) ?? []), position]);
  }
  return positions.map((position) => {
    const price = prices.get(position.symbol);
    const row = toValuedPosition(position, price, withAccount);
    const held = bySymbol.get(position.symbol)!;
    return held.length > 1 ? { ...row, symbolTotal: symbolTotalOf(held, price) } : row;
  });
}

/** What a buy is asked for: the figures, the date and the notes as the doors take them. */
interface BuyTermsInput {
  quantity: Decimal;
  purchasePrice: Decimal;
  fee?: Decimal;
  purchaseDate?: string;
  notes?: string;
}

/** A buy's figures, date and notes as the repository takes them, its total checked first. */
function buyTerms(scope: UserScope, input: BuyTermsInput) {
  const transactionDate = tradeDate(scope, input.purchaseDate);
  const fee = input.fee ?? "0";
  checkTotal("BUY", input.quantity, input.purchasePrice, fee);
  const { quantity, purchasePrice: price } = input;
  return { quantity, price, fee, transactionDate, notes: notesOf(input.notes) };
}

/** Makes the user's buy, then answers it as both buys do and refreshes the snapshots. */
async function recordBuy(
  scope: UserScope,
  asset: AssetMarket,
  buy: Omit<BuyRequest, "userId" | "assetType" | "now" | "requestKey">,
): Promise<TradeResult> {
  const outcome = await scope.deps.repos.portfolio.buy({
    ...buy,
    userId: scope.user.id,
    assetType: asset.assetType,
    now: dateOf(scope.deps.clock),
    requestKey: tradeRequestKey(scope),
  });
  const result = await tradeResult(scope, await afterBuy(scope, asset, outcome));
  scheduleSnapshotRefresh(scope.deps, scope.user.id);
  return result;
}

/**
 * Opens a position in the account (default: the user's default account), or adds to the one the
 * account holds in this symbol. Another user's account is a 404, and nothing is written.
 */
export async function buyPosition(
  scope: UserScope,
  asset: AssetMarket,
  input: BuyTermsInput & { symbol: string; accountId?: number },
): Promise<TradeResult> {
  const terms = buyTerms(scope, input);
  const { repos } = scope.deps;
  const accountId = await accountFor(scope, input.accountId);
  // A position is only opened in a symbol the market knows (held anywhere: it does).
  if (!(await repos.portfolio.findBySymbol(scope.user.id, asset.assetType, input.symbol))) {
    await asset.currentPrice(scope, input.symbol);
  }
  return recordBuy(scope, asset, { ...terms, accountId, symbol: input.symbol });
}

/**
 * Adds to a position by id (the spec's PUT). When `expectedHeld` is given and the position no
 * longer holds exactly that, nothing is written and the answer is a 409.
 */
export async function buyMore(
  scope: UserScope,
  asset: AssetMarket,
  input: BuyMoreInput,
): Promise<TradeResult> {
  const terms = buyTerms(scope, input);
  const position = await scope.deps.repos.portfolio.findById(
    scope.user.id,
    asset.assetType,
    input.positionId,
  );
  if (!position) throw notFound(portfolioMessages.positionNotFound);
  return recordBuy(scope, asset, {
    ...terms,
    symbol: position.symbol,
    positionId: position.id,
    ...(input.expectedHeld === undefined ? {} : { expectedHeld: input.expectedHeld }),
  });
}

/**
 * Sells from a position of the user at the given price, or at the current market price. Selling
 * everything closes the position (the repository deletes it). More than is held is refused, also
 * when concurrent sells race: the repository re-checks inside its transaction.
 */
export async function sellPosition(
  scope: UserScope,
  asset: AssetMarket,
  input: SellInput,
): Promise<TradeResult> {
  const { repos, clock } = scope.deps;
  const before = await repos.portfolio.findById(scope.user.id, asset.assetType, input.positionId);
  if (!before) throw notFound(portfolioMessages.positionNotFound);
  // The quantity offered for sale is what is held after any split since the last look.
  await asset.applyCorporateActions(scope, [before.symbol]);
  const position = await repos.portfolio.findById(scope.user.id, asset.assetType, input.positionId);
  if (!position) throw notFound(portfolioMessages.positionNotFound);
  if (compare(input.quantity, position.quantity) > 0) {
    throw badRequest(portfolioMessages.invalidSellQuantity);
  }
  const price = input.price ?? (await asset.currentPrice(scope, position.symbol));
  const fee = input.fee ?? "0";
  checkTotal("SELL", input.quantity, price, fee);
  const held = { ...position, assetType: asset.assetType };
  // Read before the write, so the sale's lot rows continue this replay (tax/sale-lots.ts).
  const lotsBefore = await lotsBeforeSale(scope, held);
  if (input.lots) {
    checkLotSelections(scope, held, input.quantity, input.lots, lotsBefore.lots.replay);
  }
  const now = dateOf(clock);
  const outcome = await repos.portfolio.sell({
    userId: scope.user.id,
    assetType: asset.assetType,
    positionId: position.id,
    quantity: input.quantity,
    price,
    fee,
    transactionDate: now,
    notes: notesOf(input.notes),
    now,
    requestKey: tradeRequestKey(scope),
    lotSelections: input.lots ?? null,
  });
  const result = await tradeResult(scope, outcome);
  scheduleSnapshotRefresh(scope.deps, scope.user.id);
  if (!outcome.ok) return result;
  const lots = input.lots ?? null;
  return {
    ...result,
    realized: await realizedBySale(scope, lotsBefore, outcome.transaction, lots),
  };
}
