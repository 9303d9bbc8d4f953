import { isTaxAdvantaged } from "@ledgerline/contracts";
import type { InvestmentAccount } from "@ledgerline/db";
import type { KeptLots } from "./kept-lots";
import type { LotSaleState } from "./lot-engine";

export interface YearSales {
  year: number;
  shortTerm: LotSaleState[];
  longTerm: LotSaleState[];
  excluded: InvestmentAccount[];
  crypto: boolean;
  /** Every year with a taxable sale, newest first, whatever the year and account asked for. */
  years: number[];
}

/** The taxable lot sales of a year (sold in it), tax-advantaged accounts left out. */
export function yearSalesOf(
  lots: KeptLots,
  year: number,
  accountId: number | undefined,
): YearSales {
  const excluded = lots.accounts.filter((account) => isTaxAdvantaged(account.type));
  const left = new Set(excluded.map((account) => account.id));
  const sales = lots
    .salesOf(year)
    .filter(
      (sale) =>
        !left.has(sale.accountId) && (accountId === undefined || sale.accountId === accountId),
    );
  // A year is offered while a sale in it is taxable (some() stops at the first one found).
  const years = lots.years.filter((each) =>
    lots.salesOf(each).some((sale) => !left.has(sale.accountId)),
  );
  return {
    year,
    shortTerm: sales.filter((sale) => sale.term === "short"),
    longTerm: sales.filter((sale) => sale.term === "long"),
    excluded,
    crypto: sales.some((sale) => sale.assetType === "CRYPTO"),
    years: [...years].sort((a, b) => b - a),
  };
}
