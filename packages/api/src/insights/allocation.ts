import {
  ALLOCATION_WEIGHT_DECIMALS,
  type Allocation,
  type AllocationInput,
} from "@ledgerline/contracts";
import { add, compare, multiply, shares, sign, sum } from "@ledgerline/money";
import { cashBalances } from "../accounts/cash-balance";
import { accountFilterOf } from "../accounts/account-scope";
import { priceHoldings } from "../accounting/portfolio-summary";
import type { UserScope } from "../platform/scope";
import { classify } from "./classification";
import { sliceOf, type AllocationItem, type SliceKey } from "./allocation-keys";

/**
 * What the portfolio is made of (issue 33): its holdings at current prices (the summary's, a
 * last known price where the market has none) and its accounts' cash, grouped by one dimension.
 * Cash counts when positive: a negative balance is a debt, not a part of the mix, and a
 * negative slice would make the weights meaningless.
 */
export async function allocationOf(scope: UserScope, input: AllocationInput): Promise<Allocation> {
  const { items, classifications, names } = await allocationItemsOf(scope, input.accountId);
  const grouped = new Map<string, SliceKey & { value: string }>();
  for (const item of items) {
    const slice = sliceOf(item, input.by, classifications, names);
    const before = grouped.get(slice.key);
    grouped.set(slice.key, {
      ...slice,
      value: before ? add(before.value, item.value) : item.value,
    });
  }
  // Largest first, so equal rounding losses give the residue to the larger slice (shares()).
  const slices = [...grouped.values()].sort(
    (a, b) =>
      compare(b.value, a.value) || a.label.localeCompare(b.label) || a.key.localeCompare(b.key),
  );
  const weights = shares(
    slices.map((slice) => slice.value),
    ALLOCATION_WEIGHT_DECIMALS,
  );
  return {
    by: input.by,
    total: sum(slices.map((slice) => slice.value)),
    slices: slices.map((slice, index) => ({ ...slice, weight: weights[index]! })),
  };
}

/**
 * Everything of value in the mix of one account or all: each holding at its current price, and
 * each account's positive cash, with the holdings' classifications and the accounts' names.
 */
export async function allocationItemsOf(scope: UserScope, chosenAccount: number | undefined) {
  const { deps, user } = scope;
  const accountId = await accountFilterOf(scope, chosenAccount);
  const [holdings, accounts] = await Promise.all([
    deps.repos.transactions.holdings(user.id),
    deps.repos.investmentAccounts.list(user.id),
  ]);
  const mine = (id: number) => accountId === undefined || id === accountId;
  const held = holdings.filter((holding) => mine(holding.accountId));
  const kept = accounts.filter((account) => mine(account.id));
  const [priced, cash, classifications] = await Promise.all([
    priceHoldings(deps, held),
    cashBalances(scope, kept),
    classify(scope, held),
  ]);
  const items: AllocationItem[] = [
    ...priced.map(({ held: holding, price }) => ({
      kind: "holding" as const,
      accountId: holding.accountId,
      key: `${holding.assetType}:${holding.symbol}`,
      assetType: holding.assetType,
      symbol: holding.symbol,
      quantity: holding.quantity,
      price,
      value: multiply(holding.quantity, price),
    })),
    ...[...cash]
      .filter(([, balance]) => sign(balance) > 0)
      .map(([id, balance]) => ({ kind: "cash" as const, accountId: id, value: balance })),
  ];
  const names = new Map(kept.map((account) => [account.id, account.name]));
  return { items, classifications, names };
}
