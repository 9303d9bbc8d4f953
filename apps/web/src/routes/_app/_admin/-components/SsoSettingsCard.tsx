import { m } from "@ledgerline/messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Card } from "../../../../components/ui/Card";
import { notify } from "../../../../lib/notify";
import { errorMessage, trpc } from "../../../../lib/trpc";

/**
 * Whether everyone but admins must sign in through the single sign-on provider. Admins keep
 * their password, so a provider that fails cannot lock the deployment out.
 */
export function SsoSettingsCard() {
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.sso.settings.queryOptions());
  const update = useMutation(
    trpc.sso.updateSettings.mutationOptions({
      onSuccess: async (saved) => {
        notify.success(saved.required ? m.admin_sso_required() : m.admin_sso_optional());
        await queryClient.invalidateQueries(trpc.sso.settings.pathFilter());
      },
      onError: (failure) => notify.error(errorMessage(failure, m.admin_sso_save_failed())),
    }),
  );
  const current = settings.data;
  return (
    <Card className="mb-6 space-y-2 p-4">
      <h2 className="text-base font-semibold">{m.admin_sso_title()}</h2>
      {current && !current.configured && (
        <p className="text-sm text-muted">{m.admin_sso_not_set_up()}</p>
      )}
      {current?.configured && (
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={current.required}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ required: event.target.checked })}
          />
          <span>{m.admin_sso_require({ name: current.name ?? "" })}</span>
        </label>
      )}
    </Card>
  );
}
