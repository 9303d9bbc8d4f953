import type { CostBasisMethod } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";

/**
 * The cost-basis methods in the reader's language (issue 36): the contracts' labels, short labels
 * and hints, whose English the catalog keeps word for word.
 */
export const costBasisMethodNames: Record<CostBasisMethod, string> = {
  fifo: m.accounts_method_fifo(),
  lifo: m.accounts_method_lifo(),
  hifo: m.accounts_method_hifo(),
  specific: m.accounts_method_specific(),
  average: m.accounts_method_average(),
};

/** The methods' short names, where a label would not fit (the method switch's table headings). */
export const costBasisMethodShortNames: Record<CostBasisMethod, string> = {
  fifo: "FIFO",
  lifo: "LIFO",
  hifo: "HIFO",
  specific: m.accounts_method_short_specific(),
  average: m.accounts_method_short_average(),
};

/** What each method takes first when a sale closes lots. */
export const costBasisMethodExplained: Record<CostBasisMethod, string> = {
  fifo: m.accounts_method_hint_fifo(),
  lifo: m.accounts_method_hint_lifo(),
  hifo: m.accounts_method_hint_hifo(),
  specific: m.accounts_method_hint_specific(),
  average: m.accounts_method_hint_average(),
};
