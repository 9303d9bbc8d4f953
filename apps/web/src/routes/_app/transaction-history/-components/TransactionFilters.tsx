import { assetKinds, transactionKinds } from "@ledgerline/contracts/browser";
import type { AssetKind, TransactionKind } from "@ledgerline/contracts";
import { Field } from "../../../../components/ui/Field";
import { FilterForm, type FilterValues } from "../../../../components/ui/FilterForm";
import { anyOption, boundSelect, enumOptions } from "../../../../components/ui/SelectField";
import { isoToLocalInput, localInputToIso } from "../../../../lib/datetime-local";
import { textInput } from "../../../../lib/form";
import type { TransactionSearch } from "./history-search";

type Filters = Pick<
  TransactionSearch,
  "startDate" | "endDate" | "symbol" | "type" | "transactionType"
>;

const assetKindOptions = [anyOption, ...enumOptions(assetKinds)];
const transactionKindOptions = [anyOption, ...enumOptions(transactionKinds)];

/**
 * The spec's filters: Start Date and End Date (date-time, sent as ISO instants), Symbol, Purchase
 * Type and Transaction Type. They apply on Apply Filters (when the dates are in order); Clear
 * Filters resets them.
 */
export function TransactionFilters({
  search,
  onApply,
  onClear,
}: {
  search: TransactionSearch;
  onApply: (filters: Filters) => void;
  onClear: () => void;
}) {
  function apply(values: FilterValues) {
    onApply({
      startDate: localInputToIso(values.startDate),
      endDate: localInputToIso(values.endDate),
      symbol: values.symbol?.trim().toUpperCase() || undefined,
      type: (values.type || undefined) as AssetKind | undefined,
      transactionType: (values.transactionType || undefined) as TransactionKind | undefined,
    });
  }

  return (
    <FilterForm
      initial={{
        startDate: isoToLocalInput(search.startDate),
        endDate: isoToLocalInput(search.endDate),
        symbol: search.symbol ?? "",
        type: search.type ?? "",
        transactionType: search.transactionType ?? "",
      }}
      onApply={apply}
      onClear={onClear}
      className="grid grid-cols-2 gap-4 lg:grid-cols-[1fr_1fr_8rem_9rem_9rem] lg:items-end xl:grid-cols-[1fr_1fr_8rem_9rem_9rem_auto]"
      dateClassName="col-span-2 sm:col-span-1"
      actionsClassName="col-span-2 lg:col-span-5 lg:justify-end xl:col-span-1"
    >
      {(form) => (
        <>
          <form.Field name="symbol">
            {(field) => (
              <Field
                className="col-span-2 lg:col-span-1"
                label="Symbol"
                placeholder="e.g. AAPL"
                maxLength={10}
                autoCapitalize="characters"
                {...textInput(field)}
              />
            )}
          </form.Field>
          <form.Field name="type">
            {boundSelect<string>("Purchase Type", assetKindOptions)}
          </form.Field>
          <form.Field name="transactionType">
            {boundSelect<string>("Transaction Type", transactionKindOptions)}
          </form.Field>
        </>
      )}
    </FilterForm>
  );
}
