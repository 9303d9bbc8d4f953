import type { MethodPreview } from "@ledgerline/contracts";
import { accountFor } from "../accounts/account-scope";
import type { UserScope } from "../platform/scope";
import { Turns } from "../platform/turns";
import { keptLots } from "./kept-lots";
import { replaySteps, type LotSaleState } from "./lot-engine";
import { moneyText } from "./units";

/**
 * What switching an account's cost-basis method would do to its realized gain, year by year,
 * before anything is saved (issue 32): its kept lots as they are, and its symbols replayed with
 * the new method (every account's events of those symbols: transfers move lots between them).
 * Gains as the returns count them (decision 0041): proceeds less the cost paid for the lots
 * sold, on the sale's UTC day.
 */
export async function methodPreview(
  scope: UserScope,
  query: { accountId: number; method: MethodPreview["to"] },
): Promise<MethodPreview> {
  const accountId = await accountFor(scope, query.accountId);
  const lots = await keptLots(scope.deps, scope.user.id);
  const account = lots.accounts.find((candidate) => candidate.id === accountId)!;
  const before = gainsByYear(lots.replay.sales, accountId);
  const switched = lots.accounts.map(({ id, type, costBasisMethod }) => ({
    id,
    type,
    costBasisMethod: id === accountId ? query.method : costBasisMethod,
  }));
  const after = new Map<number, bigint>();
  const turns = new Turns();
  for (const part of lots.symbols.values()) {
    if (!part.events.some((event) => event.accountId === accountId)) continue;
    const steps = replaySteps(switched, part.events);
    let step = steps.next();
    for (; !step.done; step = steps.next()) if (turns.due()) await turns.next();
    for (const [year, gain] of gainsByYear(step.value.sales, accountId)) {
      after.set(year, (after.get(year) ?? 0n) + gain);
    }
  }
  const years = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => a - b);
  const row = (was: bigint, will: bigint) => ({
    before: moneyText(was),
    after: moneyText(will),
    change: moneyText(will - was),
  });
  const sum = (gains: Map<number, bigint>) => [...gains.values()].reduce((a, b) => a + b, 0n);
  return {
    accountId,
    from: account.costBasisMethod,
    to: query.method,
    years: years.map((year) => ({
      year,
      ...row(before.get(year) ?? 0n, after.get(year) ?? 0n),
    })),
    total: row(sum(before), sum(after)),
  };
}

function gainsByYear(sales: readonly LotSaleState[], accountId: number): Map<number, bigint> {
  const gains = new Map<number, bigint>();
  for (const sale of sales) {
    if (sale.accountId !== accountId) continue;
    const year = new Date(sale.at).getUTCFullYear();
    const gain = sale.proceeds - (sale.basis - sale.washSaleCarried);
    gains.set(year, (gains.get(year) ?? 0n) + gain);
  }
  return gains;
}
