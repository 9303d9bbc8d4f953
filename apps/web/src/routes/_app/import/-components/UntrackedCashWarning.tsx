import { m } from "@ledgerline/messages";
import type { InvestmentAccount } from "@ledgerline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Alert } from "../../../../components/ui/Alert";
import { Button } from "../../../../components/ui/Button";
import { errorMessage } from "../../../../lib/errors";
import { notify } from "../../../../lib/notify";
import { trpc } from "../../../../lib/trpc";
import { untrackedCashWarning } from "./import-account";

/**
 * An account that does not track cash keeps the file's cash activities but counts none of them
 * in its cash, value or returns: the preview says so before the import, and offers to track it.
 */
export function UntrackedCashWarning({
  account,
  cashRows,
}: {
  account: InvestmentAccount | undefined;
  cashRows: number;
}) {
  const queryClient = useQueryClient();
  const track = useMutation(
    trpc.investmentAccounts.update.mutationOptions({
      onSuccess: async (updated) => {
        notify.success(m.import_tracks_cash({ name: updated.name }));
        await queryClient.invalidateQueries(trpc.investmentAccounts.list.pathFilter());
      },
      onError: (failure) => notify.error(errorMessage(failure, m.import_tracking_failed())),
    }),
  );
  const warning = untrackedCashWarning(account, cashRows);
  if (!account || !warning) return null;
  return (
    <Alert tone="warning">
      <p>{warning}</p>
      <Button
        variant="secondary"
        className="mt-2"
        busy={track.isPending}
        onClick={() => track.mutate({ id: account.id, cashTracked: true })}
      >
        {m.import_track_cash({ name: account.name })}
      </Button>
    </Alert>
  );
}
