import { m } from "@ledgerline/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAccounts } from "../../../../components/accounts/accounts";
import { errorMessage } from "../../../../lib/errors";
import { RequestKeys } from "../../../../lib/idempotency-key";
import { notify } from "../../../../lib/notify";
import { trpc } from "../../../../lib/trpc";
import { importAccount, type SourceAccount } from "./import-account";

/**
 * The account the trades and dividends go into (the default one until another is chosen), and
 * the account a broker's file may get made for it. `onChange` runs when the account changes.
 */
export function useImportAccount(onChange: () => void) {
  const queryClient = useQueryClient();
  const accounts = useAccounts();
  const [chosenAccount, setChosenAccount] = useState<number>();
  const into = importAccount(chosenAccount, accounts);
  const [createKeys] = useState(() => new RequestKeys());
  const creating = useMutation(
    trpc.investmentAccounts.create.mutationOptions({
      onSuccess: async (account) => {
        notify.success(m.import_account_added({ name: account.name }));
        setChosenAccount(account.id);
        onChange();
        await queryClient.invalidateQueries(trpc.investmentAccounts.list.pathFilter());
      },
      onError: (failure) => notify.error(errorMessage(failure, m.import_account_failed())),
    }),
  );
  function choose(id: number) {
    setChosenAccount(id);
    onChange();
  }
  function create(offer: SourceAccount) {
    if (creating.isPending) return;
    const input = { ...offer };
    creating.mutate({ ...input, idempotencyKey: createKeys.keyFor(input) });
  }
  return { accounts, into, choose, create, creating: creating.isPending };
}

export type ImportAccount = ReturnType<typeof useImportAccount>;
