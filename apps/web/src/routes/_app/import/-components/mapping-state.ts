import { importRequiredColumns } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import type { ImportDetection, ImportMappingInput } from "@ledgerline/contracts";
import {
  actionKinds,
  type MappingState,
  type ActionKind,
  type ColumnField,
  type RequiredColumn,
} from "./mapping-fields";

const noActions = Object.fromEntries(actionKinds.map(({ kind }) => [kind, ""])) as Record<
  ActionKind,
  string
>;

/** Before a file is chosen: nothing is mapped (the form shows only once there is a file). */
export const noMapping: MappingState = {
  delimiter: ",",
  decimalSeparator: ".",
  dateFormat: "YYYY-MM-DD",
  assetType: "STOCK",
  columns: {},
  actions: noActions,
};

/** A required column's word in the message naming it (the contracts' importRequiredColumns). */
const requiredColumnWords: Record<RequiredColumn, () => string> = {
  date: m.api_term_date,
  symbol: m.api_term_symbol,
  action: m.api_term_action,
  quantity: m.api_term_quantity,
  price: m.api_term_price,
};

/**
 * The required columns a mapping leaves unchosen, each with the message naming it: the server's
 * own text (contracts' importMappingMessages.columnMissing), from the catalog.
 */
export function missingColumns(state: MappingState): Partial<Record<ColumnField, string>> {
  return Object.fromEntries(
    (Object.keys(importRequiredColumns) as RequiredColumn[])
      .filter((field) => !state.columns[field])
      .map((field) => [
        field,
        m.api_import_column_missing({ label: requiredColumnWords[field]() }),
      ]),
  );
}

export function mappingInput(state: MappingState): ImportMappingInput {
  const list = (text: string) =>
    text
      .split(",")
      .map((value) => value.trim())
      .filter((value) => value !== "");
  return {
    delimiter: state.delimiter,
    decimalSeparator: state.decimalSeparator,
    dateFormat: state.dateFormat,
    assetType: state.assetType,
    columns: {
      date: state.columns.date ?? "",
      symbol: state.columns.symbol ?? "",
      action: state.columns.action ?? "",
      quantity: state.columns.quantity ?? "",
      price: state.columns.price ?? "",
      ...Object.fromEntries(
        (["fees", "amount", "notes", "currency", "assetType"] as const)
          .filter((field) => state.columns[field])
          .map((field) => [field, state.columns[field]]),
      ),
    },
    actions: Object.fromEntries(actionKinds.map(({ kind }) => [kind, list(state.actions[kind])])),
  };
}

/**
 * A saved mapping, or the server's guess from the file's first lines, back into the form's state
 * (action lists as the comma-separated text typed).
 */
export function mappingState(
  mapping: ImportMappingInput | ImportDetection["mapping"],
): MappingState {
  const text = (values: readonly string[] | undefined) => (values ?? []).join(", ");
  return {
    delimiter: mapping.delimiter ?? ",",
    decimalSeparator: mapping.decimalSeparator ?? ".",
    dateFormat: mapping.dateFormat ?? "YYYY-MM-DD",
    assetType: mapping.assetType ?? "STOCK",
    columns: { ...mapping.columns },
    actions: Object.fromEntries(
      actionKinds.map(({ kind }) => [kind, text(mapping.actions[kind])]),
    ) as Record<ActionKind, string>,
  };
}

export type { MappingState };
