import type { InvestmentAccount } from "@ledgerline/contracts";
import { investmentAccountMessages } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { accountChoice } from "../../../../components/accounts/accounts";
import { Alert } from "../../../../components/ui/Alert";
import { Button } from "../../../../components/ui/Button";
import { Modal } from "../../../../components/ui/Modal";
import { SelectField } from "../../../../components/ui/SelectField";
import { RequestKeys } from "../../../../lib/idempotency-key";
import { notify } from "../../../../lib/notify";
import { errorMessage, trpc } from "../../../../lib/trpc";

/**
 * Deleting an account: a confirmation first; when the server answers that the account still
 * holds positions or activity (409), a second step asks which account they move to, then moves
 * them and deletes it in one request.
 */
export function DeleteAccountDialog({
  account,
  accounts,
  onClose,
}: {
  account: InvestmentAccount | null;
  accounts: readonly InvestmentAccount[];
  onClose: () => void;
}) {
  return (
    <Modal
      open={account !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        account ? m.accounts_delete_title({ name: account.name }) : m.accounts_delete_account()
      }
    >
      {account && (
        <DeleteSteps key={account.id} account={account} accounts={accounts} onClose={onClose} />
      )}
    </Modal>
  );
}

/** Where an account that still holds something moves it before it is deleted. */
function MoveChoice({
  account,
  others,
  target,
  onTarget,
}: {
  account: InvestmentAccount;
  others: readonly InvestmentAccount[];
  target: string;
  onTarget: (target: string) => void;
}) {
  return (
    <>
      <p className="text-sm text-muted">{m.accounts_delete_holds({ name: account.name })}</p>
      <SelectField
        label={m.accounts_delete_move_to()}
        value={target}
        options={others.map(accountChoice)}
        onChange={onTarget}
      />
    </>
  );
}

function DeleteSteps({
  account,
  accounts,
  onClose,
}: {
  account: InvestmentAccount;
  accounts: readonly InvestmentAccount[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const others = accounts.filter((other) => other.id !== account.id);
  const [moving, setMoving] = useState(false);
  const [target, setTarget] = useState(() => {
    const fallback = others.find((other) => other.isDefault) ?? others[0];
    return fallback ? String(fallback.id) : "";
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [keys] = useState(() => new RequestKeys());
  const remove = useMutation(
    trpc.investmentAccounts.delete.mutationOptions({
      onSuccess: async (result) => {
        const into = others.find((other) => other.id === result.movedToAccountId);
        notify.success(
          into
            ? m.accounts_delete_moved({ name: account.name, into: into.name })
            : m.accounts_deleted({ name: account.name }),
        );
        onClose();
        // A move changes the holdings, history, income and performance of both accounts.
        await queryClient.invalidateQueries();
      },
      onError: (error) => {
        const message = errorMessage(error, m.accounts_delete_failed());
        // The API says it in the account's language (decision 0070): this build's, or English.
        const holds: string[] = [
          investmentAccountMessages.holdsActivity,
          m.api_accounts_holds_activity(),
        ];
        if (holds.includes(message) && others.length > 0) {
          setFailure(null);
          setMoving(true);
        } else {
          setFailure(message);
        }
      },
    }),
  );
  const send = () => {
    if (remove.isPending) return;
    setFailure(null);
    const request = moving
      ? { id: account.id, moveToAccountId: Number(target) }
      : { id: account.id };
    remove.mutate({ ...request, idempotencyKey: keys.keyFor(request) });
  };
  const into = others.find((other) => String(other.id) === target);

  return (
    <div className="space-y-4">
      {moving ? (
        <MoveChoice account={account} others={others} target={target} onTarget={setTarget} />
      ) : (
        <p className="text-sm text-muted">{m.accounts_delete_confirm({ name: account.name })}</p>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {m.accounts_cancel()}
        </Button>
        <Button variant="danger" busy={remove.isPending} onClick={send}>
          {moving && into
            ? m.accounts_delete_move_button({ name: into.name })
            : m.accounts_delete()}
        </Button>
      </div>
    </div>
  );
}
