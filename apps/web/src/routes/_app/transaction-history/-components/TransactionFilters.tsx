import type { AssetKind, TransactionKind } from "@ledgerline/contracts";
import { useState } from "react";
import { Field } from "../../../../components/ui/Field";
import { FilterForm } from "../../../../components/ui/FilterForm";
import { SelectField } from "../../../../components/ui/SelectField";
import { isoToLocalInput, localInputToIso } from "../../../../lib/datetime-local";
import type { TransactionSearch } from "./history-search";

type Filters = Pick<
  TransactionSearch,
  "startDate" | "endDate" | "symbol" | "type" | "transactionType"
>;

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
  const [draft, setDraft] = useState({
    startDate: isoToLocalInput(search.startDate),
    endDate: isoToLocalInput(search.endDate),
    symbol: search.symbol ?? "",
    type: search.type ?? "",
    transactionType: search.transactionType ?? "",
  });

  function apply() {
    onApply({
      startDate: localInputToIso(draft.startDate),
      endDate: localInputToIso(draft.endDate),
      symbol: draft.symbol.trim().toUpperCase() || undefined,
      type: (draft.type || undefined) as AssetKind | undefined,
      transactionType: (draft.transactionType || undefined) as TransactionKind | undefined,
    });
  }

  function clear() {
    setDraft({ startDate: "", endDate: "", symbol: "", type: "", transactionType: "" });
    onClear();
  }

  return (
    <FilterForm
      dates={draft}
      onDates={(dates) => setDraft({ ...draft, ...dates })}
      onApply={apply}
      onClear={clear}
      className="grid grid-cols-2 gap-4 lg:grid-cols-[1fr_1fr_8rem_9rem_9rem] lg:items-end xl:grid-cols-[1fr_1fr_8rem_9rem_9rem_auto]"
      dateClassName="col-span-2 sm:col-span-1"
      actionsClassName="col-span-2 lg:col-span-5 lg:justify-end xl:col-span-1"
    >
      <Field
        className="col-span-2 lg:col-span-1"
        label="Symbol"
        placeholder="e.g. AAPL"
        maxLength={10}
        autoCapitalize="characters"
        value={draft.symbol}
        onChange={(event) => setDraft({ ...draft, symbol: event.target.value })}
      />
      <SelectField
        label="Purchase Type"
        value={draft.type}
        options={[
          { value: "", label: "All" },
          { value: "STOCK", label: "Stock" },
          { value: "CRYPTO", label: "Crypto" },
        ]}
        onChange={(type) => setDraft({ ...draft, type })}
      />
      <SelectField
        label="Transaction Type"
        value={draft.transactionType}
        options={[
          { value: "", label: "All" },
          { value: "BUY", label: "Buy" },
          { value: "SELL", label: "Sell" },
          { value: "SPLIT", label: "Split" },
        ]}
        onChange={(transactionType) => setDraft({ ...draft, transactionType })}
      />
    </FilterForm>
  );
}
