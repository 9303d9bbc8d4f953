import { TAX_YEAR_MAX, TAX_YEAR_MIN } from "@ledgerline/contracts/browser";
import { trpc } from "../../../../lib/trpc";

/** This calendar year, where the browser is: the report a visit starts on. */
export function currentYear(): number {
  return new Date().getFullYear();
}

/** The year the address asks for when the report can be written for it, else this year. */
export function taxYearOf(asked: number | undefined): number {
  return asked !== undefined && asked >= TAX_YEAR_MIN && asked <= TAX_YEAR_MAX
    ? asked
    : currentYear();
}

/** The years with sales, this year and the one shown, newest first, each once. */
export function yearChoices(withSales: readonly number[], shown: number): number[] {
  return [...new Set([...withSales, currentYear(), shown])].sort((a, b) => b - a);
}

export const realizedQuery = (year: number, accountId: number | undefined) =>
  trpc.tax.realized.queryOptions(accountId === undefined ? { year } : { year, accountId });

export const form8949Url = (year: number) => `/api/tax/form-8949.csv?year=${year}`;
