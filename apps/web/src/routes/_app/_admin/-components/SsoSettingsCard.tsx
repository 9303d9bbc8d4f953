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
        notify.success(
          saved.required ? "Single sign-on is now required" : "Password sign-in is allowed again",
        );
        await queryClient.invalidateQueries(trpc.sso.settings.pathFilter());
      },
      onError: (failure) => notify.error(errorMessage(failure, "Failed to save the setting")),
    }),
  );
  const current = settings.data;
  return (
    <Card className="mb-6 space-y-2 p-4">
      <h2 className="text-base font-semibold">Single sign-on</h2>
      {current && !current.configured && (
        <p className="text-sm text-muted">
          Not set up. Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET on the server to offer
          sign-in through your OpenID Connect provider.
        </p>
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
          <span>
            Require sign-in with {current.name} for everyone but admins (admins keep their password
            in case the provider is down)
          </span>
        </label>
      )}
    </Card>
  );
}
