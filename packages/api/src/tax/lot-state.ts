import type { CostBasisMethod, InvestmentAccountType } from "@ledgerline/contracts";
import type { Decimal } from "@ledgerline/money";

/** The lot engine's shapes, day arithmetic and orders (lot-engine.ts has the replay's rules). */

export type LotAssetType = "STOCK" | "CRYPTO";
export type Term = "short" | "long";

export interface LotAccount {
  id: number;
  type: InvestmentAccountType;
  costBasisMethod: CostBasisMethod;
}

export interface EventBase {
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

export const byAcquisition = (a: LotState, b: LotState) =>
  a.acquiredAt < b.acquiredAt ? -1 : a.acquiredAt > b.acquiredAt ? 1 : a.buyId - b.buyId;

/** The order open lots are listed in: by account, then acquisition. */
export const byAccountAndAcquisition = (a: LotState, b: LotState) =>
  a.accountId - b.accountId || byAcquisition(a, b);

const rankOf = (event: LotEvent) => (event.kind === "transfer-in" ? 1 : 0);

/** The replay's order: by instant; a transfer's in side after its out side; then by id. */
export const inReplayOrder = (a: LotEvent, b: LotEvent) =>
  a.at - b.at || rankOf(a) - rankOf(b) || a.id - b.id;
