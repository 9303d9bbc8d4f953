import { m } from "@ledgerline/messages";
import type { ImportDetection } from "@ledgerline/contracts";
import { Field } from "../../../../components/ui/Field";
import { boundSelect, SelectField, type SelectOption } from "../../../../components/ui/SelectField";
import { textInput } from "../../../../lib/form";
import {
  actionKinds,
  assetTypes,
  columnFields,
  dateFormatHint,
  dateFormats,
  decimalSeparators,
  isRequired,
  separators,
  type ColumnField,
} from "./mapping-fields";
import type { MappingForm } from "./useImportMapping";

/** The mapping's selects and action lists, in a grid. */
export function MappingFields({
  form,
  header,
  detected,
  errors,
}: {
  form: MappingForm;
  /** The file's column names. */
  header: readonly string[];
  detected: ImportDetection | null;
  /** The required columns left unchosen, once they are pointed out. */
  errors: Partial<Record<ColumnField, string>> | null;
}) {
  const columnOptions: SelectOption<string>[] = [
    { value: "", label: m.import_none_column() },
    ...header.map((column) => ({ value: column, label: column })),
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <form.Field name="delimiter">{boundSelect(m.import_separator(), separators)}</form.Field>
      <form.Field name="decimalSeparator">
        {boundSelect(m.import_decimal_separator(), decimalSeparators)}
      </form.Field>
      <form.Field name="dateFormat">
        {boundSelect(m.import_date_format(), dateFormats, dateFormatHint(detected))}
      </form.Field>
      {columnFields.map(({ field: column, label }) => (
        <form.Field key={column} name={`columns.${column}`}>
          {(field) => (
            <SelectField
              label={label}
              value={field.state.value ?? ""}
              options={columnOptions}
              onChange={(chosen) => field.handleChange(chosen || undefined)}
              error={errors && isRequired(column) ? errors[column] : null}
            />
          )}
        </form.Field>
      ))}
      <form.Field name="assetType">{boundSelect(m.import_rows_are(), assetTypes)}</form.Field>
      {actionKinds.map(({ kind, label, hint }) => (
        <form.Field key={kind} name={`actions.${kind}`}>
          {(field) => (
            <Field
              label={label}
              hint={
                hint ? m.import_action_values_hint_more({ hint }) : m.import_action_values_hint()
              }
              {...textInput(field)}
            />
          )}
        </form.Field>
      ))}
    </div>
  );
}
