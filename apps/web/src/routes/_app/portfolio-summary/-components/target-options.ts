import { sectors, type TargetDimension } from "@ledgerline/contracts/browser";
import { divide, multiply, sum, type Decimal } from "@ledgerline/money";
import { readTypedDecimal } from "@ledgerline/contracts/browser";
import type { SelectOption } from "../../../../components/ui/SelectField";

export const targetDimensionOptions: SelectOption<TargetDimension>[] = [
  { value: "assetClass", label: "Asset class" },
  { value: "sector", label: "Sector" },
  { value: "symbol", label: "Holding" },
];

const cash = { value: "cash", label: "Cash" };
const crypto = { value: "crypto", label: "Crypto" };
const fixedKeys: Record<Exclude<TargetDimension, "symbol">, SelectOption<string>[]> = {
  assetClass: [{ value: "equity", label: "Stocks" }, { value: "etf", label: "ETFs" }, crypto, cash],
  sector: [...sectors.map((sector) => ({ value: sector.key, label: sector.label })), crypto, cash],
};

/**
 * The slices a target can name: an asset class's or a sector's fixed list; by holding, what is
 * held and what was targeted before (a target may name a symbol sold since), and cash.
 */
export function keyChoices(
  by: TargetDimension,
  held: readonly { key: string; label: string }[],
  saved: readonly { key: string; label: string }[],
): SelectOption<string>[] {
  if (by !== "symbol") return fixedKeys[by];
  const choices = new Map<string, string>();
  for (const slice of [...held, ...saved]) choices.set(slice.key, slice.label);
  choices.set(cash.value, cash.label);
  return [...choices].map(([value, label]) => ({ value, label }));
}

/** A saved weight (a ratio) as the percent a person reads and types. */
export const percentOf = (weight: Decimal): Decimal => multiply(weight, "100");

/** What was typed as a percent, as the ratio the server takes; the text itself if not a number. */
export function weightOf(percentText: string): string {
  const percent = readTypedDecimal(percentText.trim());
  return percent === undefined ? percentText : divide(percent, "100", 8);
}

/** The typed percents added up, the ones that are not numbers left out. */
export function percentTotal(percents: readonly string[]): Decimal {
  return sum(percents.flatMap((text) => readTypedDecimal(text.trim()) ?? []));
}
