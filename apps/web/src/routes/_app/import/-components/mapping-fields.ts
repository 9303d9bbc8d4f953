import { m } from "@ledgerline/messages";
import { assetKinds, importRequiredColumns } from "@ledgerline/contracts/browser";
import type {
  AssetKind,
  ImportDateFormat,
  ImportDetection,
  ImportMappingInput,
} from "@ledgerline/contracts";
import { enumOptions, type SelectOption } from "../../../../components/ui/SelectField";

export const separators: SelectOption<MappingState["delimiter"]>[] = [
  { value: ",", label: m.import_sep_comma() },
  { value: ";", label: m.import_sep_semicolon() },
  { value: "\t", label: m.import_sep_tab() },
];

export const decimalSeparators: SelectOption<MappingState["decimalSeparator"]>[] = [
  { value: ".", label: m.import_dec_point() },
  { value: ",", label: m.import_dec_comma() },
];

export const assetTypes = enumOptions(assetKinds, {
  STOCK: m.import_asset_stocks(),
  CRYPTO: m.import_asset_crypto(),
});

export const dateFormats: SelectOption<ImportDateFormat>[] = [
  { value: "YYYY-MM-DD", label: "YYYY-MM-DD" },
  { value: "MM/DD/YYYY", label: "MM/DD/YYYY" },
  { value: "DD/MM/YYYY", label: "DD/MM/YYYY" },
  { value: "DD.MM.YYYY", label: "DD.MM.YYYY" },
];

/**
 * Which date format the file's first rows gave, said under the select that changes it; nothing
 * when they read more than one way (a warning above says so) or nothing was guessed.
 */
export function dateFormatHint(detected: ImportDetection | null): string | undefined {
  if (detected?.source !== "generic" || !detected.dateFormatCertain) return undefined;
  return m.import_date_guessed({ format: detected.mapping.dateFormat });
}

export type ColumnField = keyof ImportMappingInput["columns"];
export const columnFields: { field: ColumnField; label: string; required: boolean }[] = [
  { field: "date", label: m.import_col_date(), required: true },
  { field: "symbol", label: m.import_col_symbol(), required: true },
  { field: "action", label: m.import_col_action(), required: true },
  { field: "quantity", label: m.import_col_quantity(), required: true },
  { field: "price", label: m.import_col_price(), required: true },
  { field: "fees", label: m.import_col_fees(), required: false },
  { field: "amount", label: m.import_col_amount(), required: false },
  { field: "notes", label: m.import_col_notes(), required: false },
  { field: "currency", label: m.import_col_currency(), required: false },
  { field: "assetType", label: m.import_col_asset_type(), required: false },
];
export type ActionKind = keyof ImportMappingInput["actions"];
export const actionKinds: { kind: ActionKind; label: string; hint?: string }[] = [
  { kind: "buy", label: m.import_values_buy() },
  { kind: "sell", label: m.import_values_sell() },
  { kind: "dividend", label: m.import_values_dividend() },
  { kind: "split", label: m.import_values_split() },
  { kind: "deposit", label: m.import_values_deposit(), hint: m.import_values_deposit_hint() },
  {
    kind: "withdrawal",
    label: m.import_values_withdrawal(),
    hint: m.import_values_withdrawal_hint(),
  },
  { kind: "interest", label: m.import_values_interest(), hint: m.import_values_interest_hint() },
  { kind: "fee", label: m.import_values_fee(), hint: m.import_values_fee_hint() },
  { kind: "tax", label: m.import_values_tax() },
  { kind: "skip", label: m.import_values_skip() },
];

export type RequiredColumn = keyof typeof importRequiredColumns;
export const isRequired = (field: ColumnField): field is RequiredColumn =>
  field in importRequiredColumns;

/** The mapping form's values: action lists as the comma-separated text typed. */
export interface MappingState {
  delimiter: "," | ";" | "\t";
  decimalSeparator: "." | ",";
  dateFormat: ImportDateFormat;
  assetType: AssetKind;
  columns: Partial<Record<ColumnField, string>>;
  actions: Record<ActionKind, string>;
}
