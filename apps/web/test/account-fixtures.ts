import type { InvestmentAccount } from "@ledgerline/contracts";

/** An investment account as the list answers it: taxable, no institution, cash not tracked. */
export function account(
  id: number,
  name: string,
  extra: Partial<InvestmentAccount> = {},
): InvestmentAccount {
  return {
    id,
    name,
    type: "taxable",
    institution: null,
    cashTracked: false,
    cashBalance: "0",
    costBasisMethod: "fifo",
    isDefault: false,
    displayOrder: id,
    ...extra,
  };
}
