import { assetKinds, importRequiredColumns } from "@ledgerline/contracts/browser";
import type {
  AssetKind,
  ImportDateFormat,
  ImportDetection,
  ImportMappingInput,
} from "@ledgerline/contracts";
import { enumOptions, type SelectOption } from "../../../../components/ui/SelectField";

export const separators: SelectOption<MappingState["delimiter"]>[] = [
  { value: ",", label: "Comma (,)" },
  { value: ";", label: "Semicolon (;)" },
  { value: "\t", label: "Tab" },
];

export const decimalSeparators: SelectOption<MappingState["decimalSeparator"]>[] = [
  { value: ".", label: "Point (1,234.56)" },
  { value: ",", label: "Comma (1.234,56)" },
];

export const assetTypes = enumOptions(assetKinds, { STOCK: "Stocks" });

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
  return `Guessed from the file's first rows: ${detected.mapping.dateFormat}.`;
}

export type ColumnField = keyof ImportMappingInput["columns"];
export const columnFields: { field: ColumnField; label: string; required: boolean }[] = [
  { field: "date", label: "Date column", required: true },
  { field: "symbol", label: "Symbol column", required: true },
  { field: "action", label: "Action column", required: true },
  { field: "quantity", label: "Quantity column", required: true },
  { field: "price", label: "Price column", required: true },
  { field: "fees", label: "Fees column", required: false },
  { field: "amount", label: "Amount column (a dividend's or a cash row's total)", required: false },
  { field: "notes", label: "Notes column", required: false },
  { field: "currency", label: "Currency column", required: false },
  { field: "assetType", label: "Asset type column", required: false },
];
export type ActionKind = keyof ImportMappingInput["actions"];
export const actionKinds: { kind: ActionKind; label: string; hint?: string }[] = [
  { kind: "buy", label: "Buy values" },
  { kind: "sell", label: "Sell values" },
  { kind: "dividend", label: "Dividend values" },
  { kind: "split", label: "Split values" },
  {
    kind: "deposit",
    label: "Deposit values",
    hint: "Cash in; a row with a negative amount is a withdrawal",
  },
  { kind: "withdrawal", label: "Withdrawal values", hint: "Cash out" },
  { kind: "interest", label: "Interest values", hint: "Interest paid on cash" },
  { kind: "fee", label: "Fee values", hint: "Account fees, not a trade's commission" },
  { kind: "tax", label: "Tax withheld values" },
  { kind: "skip", label: "Skip values" },
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
