import type { PortfolioSummary, SummaryPosition, SymbolTotal } from "@ledgerline/contracts";
import { summaryHoldings } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { sum } from "@ledgerline/money";
import { formatCurrency, formatQuantity } from "../../../../lib/format";

/** What the portfolio's position lists say of a position: its account, and its symbol's total. */
export interface PositionAccount {
  accountId: number;
  /** The symbol over every account, when it is held in more than one. */
  symbolTotal?: SymbolTotal;
}

/** The figures the summary's cards, allocation and holdings show. */
export type HoldingsView = Pick<PortfolioSummary, "stocks" | "crypto" | "total">;

/**
 * The summary's holdings of one investment account: its positions, with the sections' totals,
 * the total and the allocations worked out again over them in exact decimals, on the server's
 * definitions (the contracts' summaryHoldings, as a live reprice does). `accountOf` maps a
 * position's id to its account (the positions lists carry it for a user with several).
 */
export function holdingsOfAccount(
  summary: HoldingsView,
  accountOf: ReadonlyMap<number, PositionAccount>,
  accountId: number,
): HoldingsView {
  const mine = (position: SummaryPosition) => accountOf.get(position.id)?.accountId === accountId;
  const stocks = summary.stocks.positions.filter(mine);
  const crypto = summary.crypto.positions.filter(mine);
  return summaryHoldings({ stocks, crypto });
}

/**
 * The line under each holding's symbol for a user with several accounts: its account's name and,
 * for a symbol held in more than one (all accounts shown), the symbol's quantity and value over
 * them, summed from the rows themselves so it moves with their live prices.
 */
export function holdingNotes(
  view: HoldingsView,
  accountOf: ReadonlyMap<number, PositionAccount>,
  names: ReadonlyMap<number, string>,
): Map<number, string> {
  const notes = new Map<number, string>();
  for (const { positions } of [view.stocks, view.crypto]) {
    for (const position of positions) {
      const owner = accountOf.get(position.id);
      if (!owner) continue;
      const name = names.get(owner.accountId) ?? "";
      const rows = positions.filter((row) => row.symbol === position.symbol);
      notes.set(
        position.id,
        rows.length > 1
          ? `${name}\n${m.summary_all_accounts_note({
              quantity: formatQuantity(sum(rows.map((row) => row.quantity))),
              value: formatCurrency(sum(rows.map((row) => row.currentValue))),
            })}`
          : name,
      );
    }
  }
  return notes;
}
