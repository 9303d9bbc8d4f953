import type { InvestmentAccount } from "@ledgerline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { m } from "@ledgerline/messages";
import { useMemo } from "react";
import { accountTypeLabels } from "../../../../components/accounts/accounts";
import { costBasisMethodNames } from "../../../../components/accounts/cost-basis-methods";
import { CashBalance } from "../../../../components/cash/CashBalance";
import { Badge } from "../../../../components/ui/Badge";
import { Button } from "../../../../components/ui/Button";
import { ListedTable } from "../../../../components/ui/ListedTable";
import { notify } from "../../../../lib/notify";
import { errorMessage, trpc } from "../../../../lib/trpc";
import type { AccountDialogTarget } from "./account-form";
import { reconcileText } from "./screen-texts";

const column = createColumnHelper<InvestmentAccount>();

/** Below this width the six columns cannot share the screen: one card per account. */
const CARDS_BELOW = "48rem";

/** What a row's buttons open: the edit dialog, the reconcile panel, the delete dialog. */
export interface AccountRowHandlers {
  onEdit: (target: AccountDialogTarget) => void;
  onReconcile: (account: InvestmentAccount) => void;
  onDelete: (account: InvestmentAccount) => void;
}

/** Making an account the default one, with its notice. */
function useMakeDefault() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.investmentAccounts.update.mutationOptions({
      onSuccess: async (account) => {
        notify.success(m.accounts_now_default({ name: account.name }));
        await queryClient.invalidateQueries(trpc.investmentAccounts.list.pathFilter());
      },
      onError: (failure) => notify.error(errorMessage(failure, m.accounts_default_failed())),
    }),
  );
}
type MakeDefault = ReturnType<typeof useMakeDefault>;

/** A row's buttons: Edit, Reconcile, Make default (unless it is), Delete. */
function AccountRowActions({
  account,
  handlers,
  makeDefault,
}: {
  account: InvestmentAccount;
  handlers: AccountRowHandlers;
  makeDefault: MakeDefault;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="secondary"
        onClick={() => handlers.onEdit({ mode: "edit", account })}
        aria-label={m.accounts_edit_label({ name: account.name })}
      >
        {m.accounts_edit()}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => handlers.onReconcile(account)}
        aria-label={reconcileText.openFor(account.name)}
      >
        {reconcileText.open}
      </Button>
      {!account.isDefault && (
        <Button
          size="sm"
          variant="secondary"
          busy={makeDefault.isPending && makeDefault.variables.id === account.id}
          onClick={() => makeDefault.mutate({ id: account.id, isDefault: true })}
          aria-label={m.accounts_make_default_label({ name: account.name })}
        >
          {m.accounts_make_default()}
        </Button>
      )}
      <Button
        size="sm"
        variant="danger"
        onClick={() => handlers.onDelete(account)}
        aria-label={m.accounts_delete_label({ name: account.name })}
      >
        {m.accounts_delete()}
      </Button>
    </div>
  );
}

/** The table's columns: the account's name (and Default), type, method, institution, cash. */
function accountColumns(handlers: AccountRowHandlers, makeDefault: MakeDefault) {
  return [
    column.accessor("name", {
      header: m.accounts_col_name(),
      cell: ({ row }) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium [overflow-wrap:anywhere]">{row.original.name}</span>
          {row.original.isDefault && <Badge tone="info">{m.accounts_default()}</Badge>}
        </span>
      ),
    }),
    column.accessor("type", {
      header: m.accounts_col_type(),
      cell: (info) => accountTypeLabels[info.getValue()],
    }),
    column.accessor("costBasisMethod", {
      header: m.accounts_col_cost_basis(),
      cell: (info) => costBasisMethodNames[info.getValue()],
    }),
    column.accessor("institution", {
      header: m.accounts_col_institution(),
      cell: (info) => (
        <span className="[overflow-wrap:anywhere]">
          {info.getValue() ?? <span className="text-muted">{m.accounts_none()}</span>}
        </span>
      ),
    }),
    column.accessor("cashBalance", {
      header: m.accounts_col_cash(),
      meta: { numeric: true },
      cell: ({ row }) =>
        row.original.cashTracked ? (
          <CashBalance value={row.original.cashBalance} />
        ) : (
          <span className="text-muted">{m.accounts_not_tracked()}</span>
        ),
    }),
    column.display({
      id: "actions",
      header: m.accounts_col_actions(),
      meta: { pinned: true },
      cell: ({ row }) => (
        <AccountRowActions account={row.original} handlers={handlers} makeDefault={makeDefault} />
      ),
    }),
  ];
}

/** The accounts, a row each (a card each on a narrow screen), with their buttons. */
export function AccountsTable({
  accounts,
  onEdit,
  onReconcile,
  onDelete,
}: AccountRowHandlers & { accounts: InvestmentAccount[] }) {
  const makeDefault = useMakeDefault();
  const columns = useMemo(
    () => accountColumns({ onEdit, onReconcile, onDelete }, makeDefault),
    [onEdit, onReconcile, onDelete, makeDefault],
  );
  // Listed in the accounts' own order (display order, then creation): a handful needs no sorting.
  return (
    <ListedTable
      rows={accounts}
      columns={columns}
      caption={m.accounts_caption()}
      empty={m.accounts_empty()}
      cardsBelow={CARDS_BELOW}
    />
  );
}
