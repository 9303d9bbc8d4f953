import { m } from "@ledgerline/messages";
import { assetKinds, transactionKinds } from "@ledgerline/contracts/browser";
import type { AssetKind, InvestmentAccount, TransactionKind } from "@ledgerline/contracts";
import { accountFilterOptions } from "../../../../components/accounts/accounts";
import { Field } from "../../../../components/ui/Field";
import { FilterForm, type FilterValues } from "../../../../components/ui/FilterForm";
import {
  anyOption,
  boundSelect,
  enumOptions,
  SelectField,
} from "../../../../components/ui/SelectField";
import { isoToLocalInput, localInputToIso } from "../../../../lib/datetime-local";
import { textInput } from "../../../../lib/form";
import type { TransactionSearch } from "./history-search";

type Filters = Pick<
  TransactionSearch,
  "startDate" | "endDate" | "symbol" | "type" | "transactionType" | "account"
>;

const allOption = { ...anyOption, label: m.history_all() };
const assetKindOptions = [
  allOption,
  ...enumOptions(assetKinds, {
    STOCK: m.history_option_stock(),
    CRYPTO: m.history_option_crypto(),
  }),
];
const transactionKindOptions = [
  allOption,
  ...enumOptions(transactionKinds, {
    BUY: m.history_option_buy(),
    SELL: m.history_option_sell(),
    SPLIT: m.history_option_split(),
    TRANSFER_IN: m.history_option_transfer_in(),
    TRANSFER_OUT: m.history_option_transfer_out(),
  }),
];

/** The form's texts as the search's filters: instants, an upper-case symbol, absent for "any". */
function filtersOf(values: FilterValues): Filters {
  return {
    startDate: localInputToIso(values.startDate),
    endDate: localInputToIso(values.endDate),
    symbol: values.symbol?.trim().toUpperCase() || undefined,
    type: (values.type || undefined) as AssetKind | undefined,
    transactionType: (values.transactionType || undefined) as TransactionKind | undefined,
    account: values.account ? Number(values.account) : undefined,
  };
}

/**
 * The spec's filters: Start Date and End Date (date-time, sent as ISO instants), Symbol, Purchase
 * Type and Transaction Type, and the Account for a user who keeps more than one. They apply on
 * Apply Filters (when the dates are in order); Clear Filters resets them.
 */
export function TransactionFilters({
  search,
  accounts,
  onApply,
  onClear,
}: {
  search: TransactionSearch;
  /** The user's accounts: the Account filter shows only when there are several. */
  accounts: readonly InvestmentAccount[];
  onApply: (filters: Filters) => void;
  onClear: () => void;
}) {
  const several = accounts.length > 1;

  return (
    <FilterForm
      initial={{
        startDate: isoToLocalInput(search.startDate),
        endDate: isoToLocalInput(search.endDate),
        symbol: search.symbol ?? "",
        type: search.type ?? "",
        transactionType: search.transactionType ?? "",
        account: search.account === undefined ? "" : String(search.account),
      }}
      onApply={(values) => onApply(filtersOf(values))}
      onClear={onClear}
      className={
        several
          ? "grid grid-cols-2 gap-4 lg:grid-cols-[1fr_1fr_8rem_9rem_9rem_10rem] lg:items-end"
          : "grid grid-cols-2 gap-4 lg:grid-cols-[1fr_1fr_8rem_9rem_9rem] lg:items-end xl:grid-cols-[1fr_1fr_8rem_9rem_9rem_auto]"
      }
      dateClassName="col-span-2 sm:col-span-1"
      actionsClassName={
        several
          ? "col-span-2 lg:col-span-6 lg:justify-end"
          : "col-span-2 lg:col-span-5 lg:justify-end xl:col-span-1"
      }
    >
      {(form) => (
        <>
          <form.Field name="symbol">
            {(field) => (
              <Field
                className="col-span-2 lg:col-span-1"
                label={m.asset_symbol()}
                placeholder={m.search_symbol_placeholder()}
                maxLength={10}
                autoCapitalize="characters"
                {...textInput(field)}
              />
            )}
          </form.Field>
          <form.Field name="type">
            {boundSelect<string>(m.history_purchase_type(), assetKindOptions)}
          </form.Field>
          <form.Field name="transactionType">
            {boundSelect<string>(m.history_transaction_type(), transactionKindOptions)}
          </form.Field>
          {several && (
            <form.Field name="account">
              {(field) => (
                <SelectField
                  className="col-span-2 sm:col-span-1"
                  label={m.trade_account()}
                  value={field.state.value}
                  options={accountFilterOptions(accounts)}
                  onChange={field.handleChange}
                />
              )}
            </form.Field>
          )}
        </>
      )}
    </FilterForm>
  );
}
