import type { InvestmentAccount, PositionView } from "@ledgerline/contracts";
import { accountChoice, defaultAccountOf } from "../accounts/accounts";

/** An account a trade may go into (a buy) or come out of (a sell), with what it holds. */
export interface TradeAccountChoice {
  id: number;
  label: string;
  /** What the account holds of the symbol, exact decimal text ("0" when none). */
  held: string;
  /** The account's position in the symbol, if it holds one. */
  positionId?: number;
}

/** The trade dialog's Account choice: the accounts offered, and the one chosen when it opens. */
export interface TradeAccounts {
  choices: TradeAccountChoice[];
  initial: number;
}

/**
 * The Account choice for a trade of one symbol, or none for a user with one account (the
 * server's default account takes the trade). A buy offers every account, the default chosen; a
 * sell offers the accounts that hold the symbol, the default chosen if it is one of them.
 * `positions` are the symbol's positions, one per account holding it (rows carry `accountId`
 * only for a user with more than one account).
 */
export function tradeAccounts(
  side: "buy" | "sell",
  accounts: readonly InvestmentAccount[],
  positions: readonly PositionView[],
): TradeAccounts | undefined {
  if (accounts.length < 2) return undefined;
  const heldIn = new Map(
    positions.flatMap((position) =>
      position.accountId === undefined ? [] : [[position.accountId, position] as const],
    ),
  );
  const offered = side === "buy" ? accounts : accounts.filter((account) => heldIn.has(account.id));
  const choices = offered.map((account) => {
    const position = heldIn.get(account.id);
    return {
      id: account.id,
      label: accountChoice(account).label,
      held: position?.quantity ?? "0",
      ...(position ? { positionId: position.id } : {}),
    };
  });
  const first = choices[0];
  if (!first) return undefined;
  const preferred = defaultAccountOf(accounts)?.id;
  return {
    choices,
    initial: choices.find((choice) => choice.id === preferred)?.id ?? first.id,
  };
}
