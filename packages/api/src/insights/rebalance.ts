import {
  targetMessages,
  type AssetKind,
  type Rebalance,
  type RebalanceInput,
} from "@ledgerline/contracts";
import { add, type Decimal } from "@ledgerline/money";
import { marketPrices } from "../accounting/portfolio-summary";
import { badRequest } from "../platform/errors";
import type { UserScope } from "../platform/scope";
import { allocationItemsOf } from "./allocation";
import { sliceOf, targetLabel } from "./allocation-keys";
import { rebalancePlan, type PlanHolding } from "./rebalance-plan";

/**
 * How far the mix has drifted from the user's targets and the trades that bring it back
 * (issue 33): the allocation's holdings and cash (of one account, or all), each symbol summed
 * over the accounts counted, planned by rebalancePlan. 400 when no targets are set.
 */
export async function rebalanceOf(scope: UserScope, input: RebalanceInput): Promise<Rebalance> {
  const targets = await scope.deps.repos.portfolioTargets.get(scope.user.id, input.by);
  if (targets.length === 0) throw badRequest(targetMessages.noTargets);
  const { items, classifications, names } = await allocationItemsOf(scope, input.accountId);
  const bySymbol = new Map<string, PlanHolding>();
  let cash: Decimal = "0";
  for (const item of items) {
    if (item.kind === "cash") {
      cash = add(cash, item.value);
      continue;
    }
    const before = bySymbol.get(item.key);
    bySymbol.set(item.key, {
      slice: sliceOf(item, input.by, classifications, names).key,
      assetType: item.assetType,
      symbol: item.symbol,
      price: item.price,
      quantity: before ? add(before.quantity, item.quantity) : item.quantity,
      value: before ? add(before.value, item.value) : item.value,
    });
  }
  const plan = rebalancePlan({
    holdings: [...bySymbol.values()],
    cash,
    targets: new Map(targets.map((target) => [target.key, target.weight])),
    newCash: input.cash ?? null,
    fractional: input.fractional,
    unheldPrices:
      input.by === "symbol"
        ? await unheldPrices(
            scope,
            targets.map((target) => target.key).filter((key) => !bySymbol.has(key)),
          )
        : new Map(),
  });
  const label = (key: string) => targetLabel(input.by, key);
  return {
    by: input.by,
    total: plan.total,
    cash: input.cash ?? "0",
    drift: plan.drift.map((entry) => ({ ...entry, label: label(entry.key) })),
    trades: plan.trades,
    leftoverCash: plan.leftoverCash,
    unmatched: plan.unmatched.map((entry) => ({ ...entry, label: label(entry.key) })),
  };
}

/** The market's prices of symbol keys ("STOCK:MSFT") targeted but not held. */
async function unheldPrices(scope: UserScope, keys: string[]): Promise<Map<string, Decimal>> {
  const prices = new Map<string, Decimal>();
  for (const assetType of ["STOCK", "CRYPTO"] as const satisfies readonly AssetKind[]) {
    const symbols = keys
      .filter((key) => key.startsWith(`${assetType}:`))
      .map((key) => key.slice(assetType.length + 1));
    for (const [symbol, quote] of await marketPrices(scope.deps, assetType, symbols)) {
      prices.set(`${assetType}:${symbol}`, quote.price);
    }
  }
  return prices;
}
