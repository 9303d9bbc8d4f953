import { sectors, type TargetDimension } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { divide, multiply, sum, type Decimal } from "@ledgerline/money";
import { readTypedDecimal } from "@ledgerline/contracts/browser";
import type { SelectOption } from "../../../../components/ui/SelectField";
import { sectorLabel } from "../../../../lib/classification-labels";
import { dimensionLabels, sliceLabel } from "./slice-labels";

/** The dimensions a target mix is set by (the build's one language, read when loaded). */
export const targetDimensionOptions: SelectOption<TargetDimension>[] = (
  ["assetClass", "sector", "symbol"] as const
).map((value) => ({ value, label: dimensionLabels[value]() }));

const cash = () => ({ value: "cash", label: m.summary_slice_cash() });
const crypto = () => ({ value: "crypto", label: m.summary_slice_crypto() });
const fixedKeys: Record<Exclude<TargetDimension, "symbol">, () => SelectOption<string>[]> = {
  assetClass: () => [
    { value: "equity", label: m.summary_slice_stocks() },
    { value: "etf", label: m.summary_slice_etfs() },
    crypto(),
    cash(),
  ],
  sector: () => [
    ...sectors.map((sector) => ({ value: sector.key, label: sectorLabel(sector.key) })),
    crypto(),
    cash(),
  ],
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
  if (by !== "symbol") return fixedKeys[by]();
  const choices = new Map<string, string>();
  for (const slice of [...held, ...saved]) choices.set(slice.key, sliceLabel(by, slice));
  const { value, label } = cash();
  choices.set(value, label);
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
