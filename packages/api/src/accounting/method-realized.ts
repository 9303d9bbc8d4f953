import type { CostBasisMethod, PerformanceExplanation } from "@ledgerline/contracts";
import { subtract, type Decimal } from "@ledgerline/money";
import { keptLots } from "../tax/kept-lots";
import { moneyText } from "../tax/units";
import type { UserScope } from "../platform/scope";
import { keyOf, utcDay } from "./portfolio-valuation";

/**
 * The realized gain under each account's cost-basis method (issue 32). Accounts on `average`
 * keep the figures the returns have always shown (the migration's accounts are average: no
 * figure a person has seen changes). Once an account counted uses another method, the realized
 * gain is the sum of each account's, read from its lots (tax/lot-engine.ts): proceeds less the
 * cost of the lots its method sold, an average account's lots at its own average cost. Wash-sale
 * adjustments are a tax matter (the Taxes page): the money paid is what a return counts, so the
 * disallowed losses carried into a basis are left out here.
 *
 * No method changes the total return (end value - start value - net flows + income): what moves
 * between realized and unrealized gain is the cost of what was sold, so the unrealized gain
 * becomes the rest of the same total.
 */

export interface MethodRealized {
  methods: PerformanceExplanation["realizedMethods"];
  /** Null when every account counted is average: the figures stand as computed. */
  lots: null | {
    total: Decimal;
    /** By holding (keyOf). */
    byHolding: Map<string, Decimal>;
  };
}

/** The realized gain of the sales after the close of `startDate` (a UTC day) through today. */
export async function methodRealized(
  scope: UserScope,
  accountId: number | undefined,
  startDate: string,
): Promise<MethodRealized> {
  const accounts = (await scope.deps.repos.investmentAccounts.list(scope.user.id)).filter(
    (account) => accountId === undefined || account.id === accountId,
  );
  const byMethod = new Map<CostBasisMethod, { id: number; name: string }[]>();
  for (const { id, name, costBasisMethod } of accounts) {
    const list = byMethod.get(costBasisMethod) ?? [];
    list.push({ id, name });
    byMethod.set(costBasisMethod, list);
  }
  const methods = [...byMethod].map(([method, named]) => ({ method, accounts: named }));
  if (accounts.every((account) => account.costBasisMethod === "average")) {
    return { methods, lots: null };
  }
  const counted = new Set(accounts.map((account) => account.id));
  const { replay } = await keptLots(scope.deps, scope.user.id);
  const units = new Map<string, bigint>();
  let total = 0n;
  for (const sale of replay.sales) {
    if (!counted.has(sale.accountId)) continue;
    // Today takes every sale left, those stamped after it too, as the days' replay does.
    if (utcDay(sale.at) <= startDate) continue;
    const gain = sale.proceeds - (sale.basis - sale.washSaleCarried);
    const key = keyOf(sale.assetType, sale.symbol);
    units.set(key, (units.get(key) ?? 0n) + gain);
    total += gain;
  }
  const byHolding = new Map([...units].map(([key, gain]) => [key, moneyText(gain)]));
  return { methods, lots: { total: moneyText(total), byHolding } };
}

/** Figures with `realized` as their realized gain, the unrealized gain the rest of the same total. */
export function withRealized<T extends { realizedGain: Decimal; unrealizedGain: Decimal }>(
  figures: T,
  realized: Decimal,
): T {
  const moved = subtract(realized, figures.realizedGain);
  return {
    ...figures,
    realizedGain: realized,
    unrealizedGain: subtract(figures.unrealizedGain, moved),
  };
}

/** The holding's realized gain under the methods, when they are not all average. */
export function holdingRealized(found: MethodRealized, key: string): Decimal | null {
  return found.lots ? (found.lots.byHolding.get(key) ?? "0") : null;
}
