import { useState } from "react";
import type { TradeAccounts } from "./trade-accounts";

/**
 * The account a trade goes into or comes out of, and what it holds: the overall holding for a
 * user with one account.
 */
export function useTradeAccount(accounts: TradeAccounts | undefined, heldOverall: string) {
  // The accounts may arrive after the dialog opened: until one is picked, the initial one.
  const [picked, setAccountId] = useState<number>();
  const accountId = picked ?? accounts?.initial;
  const account = accounts?.choices.find((choice) => choice.id === accountId);
  const held = account ? account.held : heldOverall;
  /** Picks the account of a select's value; the account picked, if there is one. */
  function pickAccount(id: string) {
    const chosen = accounts?.choices.find((choice) => String(choice.id) === id);
    if (chosen) setAccountId(chosen.id);
    return chosen;
  }
  return { accountId, account, held, pickAccount };
}
