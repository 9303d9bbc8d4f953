import { dateOf } from "@ledgerline/clock";
import {
  isTaxAdvantaged,
  taxMessages as messages,
  type HarvestReport,
  type LotSelectionInput,
  type LotsPage,
  type LotsQuery,
  type PageQuery,
  type RealizedLot,
  type RealizedQuery,
  type RealizedReport,
  type TaxLot,
  type TaxTotals,
} from "@ledgerline/contracts";
import type { InvestmentAccount, Transaction } from "@ledgerline/db";
import { newYorkDate } from "@ledgerline/market";
import {
  compare,
  formatFixed,
  multiply,
  subtract,
  sum,
  tenTo,
  type Decimal,
} from "@ledgerline/money";
import { accountFilterOf } from "../accounts/account-scope";
import { currentPrices } from "../accounting/portfolio-summary";
import { keyOf } from "../accounting/portfolio-valuation";
import { badRequest } from "../platform/errors";
import type { UserScope } from "../platform/scope";
import { sortInTurns, Turns } from "../platform/turns";
import {
  dayNumber,
  lotView,
  saleView,
  type LotAssetType,
  byAccountAndAcquisition,
  type LotReplay,
  type LotSaleState,
  type LotState,
} from "./lot-engine";
import { form8949Csv } from "./form-8949";
import { keptLots, type KeptLots } from "./kept-lots";
import { pageOf } from "./lot-pages";
import { lotsAfterSale, symbolLotsNow, type SymbolNow } from "./sale-lots";
import { MONEY_SCALE, QUANTITY_SCALE, moneyText, toUnits } from "./units";
import { yearSalesOf, type YearSales } from "./year-sales";

/**
 * A person's tax lots and realized gains (issue 32), replayed from their trade log on each read
 * (lot-engine.ts; why derived and not stored: docs/decisions, tax lots). Only the lots a sale
 * named are stored, with the sale.
 */

export interface UserLots {
  accounts: InvestmentAccount[];
  replay: LotReplay;
}

/**
 * The user's lots, of every account (kept between reads: kept-lots.ts); only one symbol's (all
 * accounts: wash sales) when given, as a sale reads them (sale-lots.ts).
 */
export async function replayUserLots(
  scope: UserScope,
  only?: { assetType: LotAssetType; symbol: string },
): Promise<UserLots> {
  if (!only) return keptLots(scope.deps, scope.user.id);
  const { accounts, lots } = await symbolLotsNow(scope.deps, scope.user.id, only);
  return { accounts, replay: lots.replay };
}

/**
 * Checks a sale's named lots before it is written: they add up to the sale, each once, each an
 * open lot of the position's account with that much left. A 400 names what is wrong.
 */
export function checkLotSelections(
  scope: UserScope,
  position: { accountId: number; assetType: LotAssetType; symbol: string },
  sold: Decimal,
  selections: readonly LotSelectionInput[],
  replay: LotReplay,
): void {
  const named = sum(selections.map((selection) => selection.quantity));
  if (compare(named, sold) !== 0) {
    const difference = subtract(named, sold).replace(/^-/, "");
    throw badRequest(messages.lotsDoNotAddUp(named, sold, difference));
  }
  const seen = new Set<string>();
  for (const { lotId } of selections) {
    if (seen.has(lotId)) throw badRequest(messages.lotNamedTwice(lotId));
    seen.add(lotId);
  }
  const open = new Map(
    replay
      .openLots({
        accountId: position.accountId,
        assetType: position.assetType,
        symbol: position.symbol,
      })
      .map((lot) => [lot.lotId, lot]),
  );
  const asOf = newYorkDate(dateOf(scope.deps.clock).getTime());
  for (const selection of selections) {
    const lot = open.get(selection.lotId);
    if (!lot) throw badRequest(messages.lotNotOpen(selection.lotId));
    const remaining = lotView(lot, asOf).remaining;
    if (compare(selection.quantity, remaining) > 0) {
      throw badRequest(messages.lotTooSmall(selection.lotId, remaining));
    }
  }
}

const realizedOf = (sale: LotSaleState): RealizedLot => {
  const { lotId, quantity, acquiredAt, proceeds, costBasis, washSaleDisallowed, gain, term } =
    saleView(sale);
  return { lotId, quantity, acquiredAt, proceeds, costBasis, washSaleDisallowed, gain, term };
};

/** The symbol's lots before a sale: what its named lots are checked against, and continued. */
export const lotsBeforeSale = (
  scope: UserScope,
  position: { assetType: LotAssetType; symbol: string },
): Promise<SymbolNow> =>
  symbolLotsNow(scope.deps, scope.user.id, {
    assetType: position.assetType,
    symbol: position.symbol,
  });

/** What the sale just written sold, lot by lot, as the replay of its symbol now has it. */
export async function realizedBySale(
  scope: UserScope,
  before: SymbolNow,
  sale: Transaction,
  lots: readonly LotSelectionInput[] | null,
): Promise<RealizedLot[]> {
  const replay = await lotsAfterSale(scope.deps, scope.user.id, before, sale, lots);
  return replay.sales.filter(({ saleId }) => saleId === sale.id).map(realizedOf);
}

/**
 * `GET /api/lots`: a page of lots with their unrealized gain at today's price. A heavy trader has
 * hundreds of thousands: every loop over them hands the event loop over by time (decision 0029),
 * and only the page's lots are made into answers (decision 0046).
 */
export async function listLots(scope: UserScope, query: LotsQuery): Promise<LotsPage> {
  const accountId = await accountFilterOf(scope, query.accountId);
  const only =
    query.symbol !== undefined && query.assetType !== undefined
      ? { assetType: query.assetType, symbol: query.symbol }
      : undefined;
  const turns = new Turns();
  const [lots, prices] = await Promise.all([
    only
      ? replayUserLots(scope, only).then(({ replay }) =>
          query.open ? replay.openLots() : replay.allLots(),
        )
      : keptLots(scope.deps, scope.user.id).then((kept) => keptLotList(kept, query.open, turns)),
    currentPrices(scope),
  ]);
  let matching: readonly LotState[] = lots;
  if (accountId !== undefined || query.symbol !== undefined || query.assetType !== undefined) {
    const kept: LotState[] = [];
    for (const lot of lots) {
      if (turns.due()) await turns.next();
      if (accountId !== undefined && lot.accountId !== accountId) continue;
      if (query.symbol !== undefined && lot.symbol !== query.symbol) continue;
      if (query.assetType !== undefined && lot.assetType !== query.assetType) continue;
      kept.push(lot);
    }
    matching = kept;
  }
  const page = await pageOf(matching, (lot) => lot.lotId, query, {
    userId: scope.user.id,
    list: "lots",
    turns,
  });
  const asOf = newYorkDate(dateOf(scope.deps.clock).getTime());
  return { lots: page.rows.map((lot) => taxLotOf(lot, asOf, prices)), nextCursor: page.nextCursor };
}

function taxLotOf(lot: LotState, asOf: string, prices: ReadonlyMap<string, Decimal>): TaxLot {
  const view = lotView(lot, asOf);
  const price = prices.get(keyOf(lot.assetType, lot.symbol)) ?? null;
  return {
    ...view,
    currentPrice: price,
    unrealizedGain:
      price === null ? null : subtract(multiply(view.remaining, price), view.costBasis),
  };
}

/** The kept lots, open ones by account then acquisition (as openLots orders them), or all. */
async function keptLotList(kept: KeptLots, open: boolean, turns: Turns): Promise<LotState[]> {
  const lots: LotState[] = [];
  // Walked here, not copied and sorted by openLots/allLots: that was one block of 260 ms for a
  // symbol of 200,000 lots (issue 29). Open lots come out in the same order after the sort.
  for (const { replay } of kept.symbols.values()) {
    for (const lot of replay.everyLot()) {
      if (open ? lot.remaining > 0n : lot.quantity > 0n) lots.push(lot);
      if (turns.due()) await turns.next();
    }
  }
  return open ? sortInTurns(lots, byAccountAndAcquisition, turns) : lots;
}

function totalsOf(sales: readonly LotSaleState[]): TaxTotals {
  let proceeds = 0n;
  let basis = 0n;
  let disallowed = 0n;
  for (const sale of sales) {
    proceeds += sale.proceeds;
    basis += sale.basis;
    disallowed += sale.washSaleDisallowed;
  }
  return {
    proceeds: moneyText(proceeds),
    costBasis: moneyText(basis),
    washSaleDisallowed: moneyText(disallowed),
    gain: moneyText(proceeds - basis + disallowed),
  };
}

/** `GET /api/tax/form-8949.csv`'s file: made once per state of the user's trades and year. */
export async function form8949Text(scope: UserScope, year: number): Promise<string> {
  const lots = await keptLots(scope.deps, scope.user.id);
  return lots.answer(`8949:${year}`, () => form8949Csv(yearSalesOf(lots, year, undefined)));
}

/**
 * `GET /api/tax/realized`: made once per state of the user's trades, year and account (a year
 * of a heavy trader is thousands of rows), its rows written in turns of the event loop.
 */
export async function realizedReport(
  scope: UserScope,
  query: RealizedQuery,
): Promise<RealizedReport> {
  const accountId = await accountFilterOf(scope, query.accountId);
  const lots = await keptLots(scope.deps, scope.user.id);
  return lots.answer(`realized:${query.year}:${accountId ?? ""}`, () =>
    realizedOfYear(yearSalesOf(lots, query.year, accountId)),
  );
}

async function realizedOfYear(year: YearSales): Promise<RealizedReport> {
  const all = [...year.shortTerm, ...year.longTerm];
  const turns = new Turns();
  const sorted = await sortInTurns(
    all,
    (a, b) => (a.soldAt < b.soldAt ? -1 : a.soldAt > b.soldAt ? 1 : a.saleId - b.saleId),
    turns,
  );
  const rows: RealizedReport["rows"] = [];
  for (const sale of sorted) {
    rows.push({
      ...realizedOf(sale),
      accountId: sale.accountId,
      symbol: sale.symbol,
      assetType: sale.assetType,
      soldAt: sale.soldAt,
    });
    if (turns.due()) await turns.next();
  }
  return {
    year: year.year,
    shortTerm: totalsOf(year.shortTerm),
    longTerm: totalsOf(year.longTerm),
    total: totalsOf(all),
    rows,
    years: year.years,
    excludedAccounts: year.excluded.map(({ id, name, type }) => ({ id, name, type })),
    notes: [...(year.excluded.length > 0 ? [messages.taxAdvantagedNote] : []), messages.cryptoNote],
  };
}

const WASH_WINDOW_DAYS = 30;

/**
 * `GET /api/tax/harvest`: a page of the open lots of taxable accounts at an unrealized loss,
 * largest loss first, each warned when a buy of the symbol in the last 30 days (any account) would
 * make selling it now a wash sale. Every lot's loss is weighed (in units, no text) to order them
 * and total them; only the page's lots are made into answers (decision 0046).
 */
export async function harvestReport(scope: UserScope, query: PageQuery): Promise<HarvestReport> {
  const [kept, prices] = await Promise.all([
    keptLots(scope.deps, scope.user.id),
    currentPrices(scope),
  ]);
  const turns = new Turns();
  const open = await keptLotList(kept, true, turns);
  const advantaged = new Set(
    kept.accounts.filter((account) => isTaxAdvantaged(account.type)).map((account) => account.id),
  );
  const value = valuer(prices);
  const candidates: { lot: LotState; loss: bigint }[] = [];
  let totalLoss = 0n;
  for (const lot of open) {
    if (turns.due()) await turns.next();
    if (advantaged.has(lot.accountId)) continue;
    const worth = value.of(lot);
    if (worth === undefined) continue;
    const loss = lot.basis * value.basisFactor - worth;
    if (loss <= 0n) continue;
    candidates.push({ lot, loss });
    totalLoss += loss;
  }
  const largestFirst = await sortInTurns(
    candidates,
    (a, b) => (a.loss > b.loss ? -1 : a.loss < b.loss ? 1 : 0),
    turns,
  );
  const page = await pageOf(largestFirst, ({ lot }) => lot.lotId, query, {
    userId: scope.user.id,
    list: "harvest",
    turns,
  });
  const asOf = newYorkDate(dateOf(scope.deps.clock).getTime());
  const recentBuys = recentBuysOf(kept, dayNumber(asOf));
  const lots = page.rows.map(({ lot }): HarvestReport["lots"][number] => {
    const listed = taxLotOf(lot, asOf, prices);
    // The lot's own buy is what would be sold, not a replacement.
    const buyId = Number.parseInt(lot.lotId, 10);
    const bought =
      lot.assetType === "STOCK"
        ? recentBuys
            .get(lot.symbol)
            ?.filter((buy) => buy.id !== buyId)
            .at(-1)?.date
        : undefined;
    return {
      ...listed,
      loss: subtract("0", listed.unrealizedGain ?? "0"),
      washSaleWarning: bought ? messages.washSaleWarning(lot.symbol, bought) : null,
    };
  });
  return {
    lots,
    count: candidates.length,
    totalLoss: formatFixed(totalLoss, value.scale),
    notes: [messages.cryptoNote],
    nextCursor: page.nextCursor,
  };
}

/**
 * What an open lot is worth at today's price, in units of one scale for every lot: the money
 * scale, or finer when a price has more places than a quantity times a price can hold there.
 */
function valuer(prices: ReadonlyMap<string, Decimal>) {
  let places = 0;
  for (const price of prices.values()) {
    places = Math.max(places, price.split(".")[1]?.length ?? 0);
  }
  const scale = Math.max(MONEY_SCALE, QUANTITY_SCALE + places);
  const priceUnits = new Map<string, bigint>();
  for (const [key, price] of prices) priceUnits.set(key, toUnits(price, scale - QUANTITY_SCALE));
  return {
    scale,
    basisFactor: tenTo(scale - MONEY_SCALE),
    of: (lot: LotState): bigint | undefined => {
      const price = priceUnits.get(keyOf(lot.assetType, lot.symbol));
      return price === undefined ? undefined : lot.remaining * price;
    },
  };
}

/** The stock buys of the last 30 days, by symbol (each symbol's events in replay order). */
function recentBuysOf(kept: KeptLots, today: number): Map<string, { id: number; date: string }[]> {
  const recentBuys = new Map<string, { id: number; date: string }[]>();
  for (const { events } of kept.symbols.values()) {
    for (let index = events.length - 1; index >= 0; index -= 1) {
      const event = events[index]!;
      if (today - dayNumber(event.date) > WASH_WINDOW_DAYS) break;
      if (event.kind !== "buy" || event.assetType !== "STOCK") continue;
      const list = recentBuys.get(event.symbol) ?? [];
      list.unshift({ id: event.id, date: event.date });
      recentBuys.set(event.symbol, list);
    }
  }
  return recentBuys;
}
