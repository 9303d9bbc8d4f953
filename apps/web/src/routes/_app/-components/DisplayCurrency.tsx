import { displayCurrencies, type DisplayCurrency as Currency } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/Alert";
import { Card } from "../../../components/ui/Card";
import { SelectField, enumOptions } from "../../../components/ui/SelectField";
import { errorMessage, trpc } from "../../../lib/trpc";

// The currencies' names in the reader's language (the contracts' displayCurrencyNames are English).
const currencyNames: Record<Currency, string> = {
  USD: m.settings_currency_usd(),
  EUR: m.settings_currency_eur(),
  GBP: m.settings_currency_gbp(),
  CHF: m.settings_currency_chf(),
  JPY: m.settings_currency_jpy(),
  CAD: m.settings_currency_cad(),
  AUD: m.settings_currency_aud(),
};
const options = enumOptions(displayCurrencies, currencyNames);

type Outcome = { tone: "success" | "error"; text: string } | null;

/**
 * The currency figures are shown in (issue 36): saved as soon as it is chosen; every screen's
 * figures follow (their rates are read again).
 */
export function DisplayCurrency() {
  const queryClient = useQueryClient();
  const current = useQuery(trpc.displayCurrency.get.queryOptions());
  const [outcome, setOutcome] = useState<Outcome>(null);
  const save = useMutation(
    trpc.displayCurrency.set.mutationOptions({
      onMutate: () => setOutcome(null),
      onSuccess: async (saved) => {
        queryClient.setQueryData(trpc.displayCurrency.get.queryKey(), saved);
        await queryClient.invalidateQueries(trpc.displayCurrency.pathFilter());
        setOutcome({ tone: "success", text: m.settings_currency_saved() });
      },
      onError: (failure) =>
        setOutcome({
          tone: "error",
          text: errorMessage(failure, m.settings_currency_save_failed()),
        }),
    }),
  );
  const value: Currency = save.isPending
    ? save.variables.currency
    : (current.data?.currency ?? "USD");

  return (
    <Card>
      <h2 className="text-lg font-semibold">{m.settings_currency_heading()}</h2>
      <p className="mt-1 text-sm text-muted">{m.settings_currency_intro()}</p>
      <SelectField
        className="mt-4 max-w-sm"
        label={m.settings_currency_label()}
        value={value}
        options={options}
        disabled={!current.data || save.isPending}
        onChange={(currency) => save.mutate({ currency })}
      />
      {current.isError && (
        <Alert tone="error" className="mt-4">
          {errorMessage(current.error, m.settings_currency_load_failed())}
        </Alert>
      )}
      {outcome && (
        <Alert tone={outcome.tone} className="mt-4">
          {outcome.text}
        </Alert>
      )}
    </Card>
  );
}
