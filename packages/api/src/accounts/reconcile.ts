import {
  investmentAccountMessages,
  type ReconcileInput,
  type Reconciliation,
} from "@ledgerline/contracts";
import { compare, isZero, subtract, type Decimal } from "@ledgerline/money";
import { applyCorporateActions } from "../accounting/corporate-actions";
import { keyOf, TradeLedger } from "../accounting/portfolio-valuation";
import { notFound } from "../platform/errors";
import type { UserScope } from "../platform/scope";
import { cashBalances } from "./cash-balance";

const DAY_MS = 86_400_000;

/**
 * An account against its statement (issue 31): what Ledgerline says the account held at the end
 * of `asOf` (its trades, splits and transfers replayed up to then), beside what the statement
 * says. Every holding on either side whose quantities differ is a difference; `expected` is the
 * statement's, `actual` Ledgerline's, both exact.
 */
export async function reconcileAccount(
  scope: UserScope,
  input: ReconcileInput,
): Promise<Reconciliation> {
  const { deps, user } = scope;
  const account = await deps.repos.investmentAccounts.findById(user.id, input.id);
  if (!account) throw notFound(investmentAccountMessages.notFound);
  // Split rows are part of the history replayed: bring them up to date first.
  await applyCorporateActions(deps, user.id);
  const end = Date.parse(`${input.asOf}T00:00:00Z`) + DAY_MS;
  const trades = await deps.repos.transactions.trades(user.id, undefined, {
    accountId: account.id,
    pauses: true,
  });
  const ledger = new TradeLedger({ oneAccount: true });
  for (const trade of trades) {
    if (trade.transactionDate.getTime() >= end) break;
    ledger.apply(trade);
  }

  const actual = new Map<
    string,
    { symbol: string; assetType: "STOCK" | "CRYPTO"; quantity: Decimal }
  >();
  for (const held of ledger.held()) {
    actual.set(keyOf(held.type, held.symbol), {
      symbol: held.symbol,
      assetType: held.type,
      quantity: held.quantity,
    });
  }
  const expected = new Map(
    input.holdings.map((holding) => [keyOf(holding.assetType, holding.symbol), holding]),
  );
  const differences: Reconciliation["differences"] = [];
  for (const key of new Set([...expected.keys(), ...actual.keys()])) {
    const stated = expected.get(key);
    const held = actual.get(key);
    const statedQuantity = stated?.quantity ?? "0";
    const heldQuantity = held?.quantity ?? "0";
    if (compare(statedQuantity, heldQuantity) === 0) continue;
    const { symbol, assetType } = (stated ?? held)!;
    differences.push({ symbol, assetType, expected: statedQuantity, actual: heldQuantity });
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  differences.sort((a, b) => order(a.assetType, b.assetType) || order(a.symbol, b.symbol));

  let cashDifference: Decimal | null = null;
  if (input.cash !== undefined) {
    const cash = (await cashBalances(scope, [account], input.asOf)).get(account.id) ?? "0";
    cashDifference = subtract(input.cash, cash);
  }
  return {
    matches: differences.length === 0 && (cashDifference === null || isZero(cashDifference)),
    cashDifference,
    differences,
  };
}
