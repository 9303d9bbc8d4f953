import type { InvestmentAccount, TransferResult } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { useForm, useStore } from "@tanstack/react-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { invalidateOwnData } from "../../../../components/assets/own-data";
import { Alert } from "../../../../components/ui/Alert";
import { Field } from "../../../../components/ui/Field";
import { decimalField, pastDateField } from "./bound-fields";
import { DialogFormButtons, Modal } from "../../../../components/ui/Modal";
import { SelectField, type SelectOption } from "../../../../components/ui/SelectField";
import { firstError, problemsByField, submitTo, textInput } from "../../../../lib/form";
import { formatCurrency, formatQuantity } from "../../../../lib/format";
import { RequestKeys } from "../../../../lib/idempotency-key";
import { notify } from "../../../../lib/notify";
import { errorMessage, trpc } from "../../../../lib/trpc";
import {
  emptyTransferForm,
  holdingKey,
  transferFormProblems,
  transferInput,
  type HoldingChoice,
  type TransferFormValues,
  type TransferKind,
} from "./transfer-form";
import { transferText as text } from "./screen-texts";

const kindOptions: SelectOption<TransferKind>[] = [
  { value: "cash", label: text.cash },
  { value: "holding", label: text.holding },
];

/** Moves cash or a holding between two of the person's accounts (POST /api/transfers). */
export function TransferDialog({
  open,
  accounts,
  onClose,
}: {
  open: boolean;
  accounts: InvestmentAccount[];
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={text.title}
      description={text.description}
    >
      {/* Mounted per opening, so each starts empty with request keys of its own. */}
      {open && <TransferForm accounts={accounts} onClose={onClose} />}
    </Modal>
  );
}

/** The source account's holdings, stocks then crypto, each with the quantity it holds. */
function useHoldings(accountId: number, enabled: boolean): HoldingChoice[] | undefined {
  const stocks = useQuery({ ...trpc.portfolio.list.queryOptions({ accountId }), enabled });
  const crypto = useQuery({ ...trpc.cryptoPortfolio.list.queryOptions({ accountId }), enabled });
  return useMemo(() => {
    if (!stocks.data || !crypto.data) return undefined;
    return [
      ...stocks.data.map((row) => ({ ...row, assetType: "STOCK" as const })),
      ...crypto.data.map((row) => ({ ...row, assetType: "CRYPTO" as const })),
    ].map(({ symbol, assetType, quantity }) => ({
      key: holdingKey(assetType, symbol),
      symbol,
      assetType,
      quantity: String(quantity),
    }));
  }, [stocks.data, crypto.data]);
}

/** The holdings as the select offers them, after an empty first choice. */
function holdingOptions(holdings: HoldingChoice[] | undefined): SelectOption<string>[] {
  return [
    {
      value: "",
      label:
        holdings === undefined
          ? m.accounts_transfer_loading()
          : m.accounts_transfer_choose_holding(),
    },
    ...(holdings ?? []).map((holding) => ({
      value: holding.key,
      label: m.accounts_transfer_held({
        symbol: holding.symbol,
        quantity: formatQuantity(holding.quantity),
      }),
    })),
  ];
}

/** What the toast says a transfer moved, from its answer. */
function movedMessage(result: TransferResult, accounts: InvestmentAccount[]) {
  const name = (id: number) => accounts.find((account) => account.id === id)?.name ?? "";
  const { transferOut, transferIn } = result;
  const [from, to] = [name(transferOut.accountId ?? 0), name(transferIn.accountId ?? 0)];
  return "amount" in transferOut
    ? text.movedCash(formatCurrency(transferOut.amount), from, to)
    : text.movedHolding(formatQuantity(transferOut.quantity), transferOut.symbol, from, to);
}

function TransferForm({
  accounts,
  onClose,
}: {
  accounts: InvestmentAccount[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [defaultValues] = useState<TransferFormValues>(() =>
    emptyTransferForm(accounts[0]!.id, accounts[1]?.id),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [keys] = useState(() => new RequestKeys());
  const transfer = useMutation(
    trpc.transfers.create.mutationOptions({
      onSuccess: async (result) => {
        notify.success(movedMessage(result, accounts));
        onClose();
        await invalidateOwnData(queryClient);
      },
      onError: (error) => setFailure(errorMessage(error, text.failed)),
    }),
  );
  const form = useForm({
    defaultValues,
    validators: {
      onSubmit: ({ value }) => problemsByField(transferFormProblems(value)),
    },
    onSubmitInvalid: () => setFailure(null),
    onSubmit: ({ value }) => {
      if (transfer.isPending) return;
      setFailure(null);
      const input = transferInput(value);
      transfer.mutate({ ...input, idempotencyKey: keys.keyFor(input) });
    },
  });
  const kind = useStore(form.store, (state) => state.values.kind);
  const from = Number(useStore(form.store, (state) => state.values.fromAccountId));
  const holdings = useHoldings(from, kind === "holding");
  const accountOptions = accounts.map((account) => ({
    value: String(account.id),
    label: account.name,
  }));

  return (
    <form onSubmit={submitTo(form)} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <form.Field name="fromAccountId">
          {(api) => (
            <SelectField
              label={text.fromLabel}
              value={api.state.value}
              options={accountOptions}
              onChange={(value) => {
                api.handleChange(value);
                form.setFieldValue("holding", "");
              }}
            />
          )}
        </form.Field>
        <form.Field name="toAccountId">
          {(api) => (
            <SelectField
              label={text.toLabel}
              value={api.state.value}
              options={accountOptions}
              onChange={api.handleChange}
              error={firstError(api.state.meta.errors)}
            />
          )}
        </form.Field>
        <form.Field name="kind">
          {(api) => (
            <SelectField
              label={text.whatLabel}
              value={api.state.value}
              options={kindOptions}
              onChange={api.handleChange}
            />
          )}
        </form.Field>
        <form.Field name="date">{pastDateField(m.accounts_field_date())}</form.Field>
        {kind === "cash" ? (
          <>
            <form.Field name="amount">{decimalField(m.accounts_field_amount())}</form.Field>
            <form.Field name="notes">
              {(api) => (
                <Field label={m.accounts_field_notes()} autoComplete="off" {...textInput(api)} />
              )}
            </form.Field>
          </>
        ) : (
          <>
            <form.Field name="holding">
              {(api) => (
                <SelectField
                  label={text.holdingLabel}
                  value={api.state.value}
                  options={holdingOptions(holdings)}
                  onChange={api.handleChange}
                  hint={holdings?.length === 0 ? text.noHoldings : undefined}
                  error={firstError(api.state.meta.errors)}
                />
              )}
            </form.Field>
            <form.Field name="quantity">{decimalField(m.accounts_field_quantity())}</form.Field>
          </>
        )}
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <DialogFormButtons busy={transfer.isPending} submitLabel={text.submit} onCancel={onClose} />
    </form>
  );
}
