import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "@tanstack/react-form";
import { useState } from "react";
import { RetryPanel, Skeleton } from "../../../components/RouteStates";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { Field } from "../../../components/ui/Field";
import { boundPassword } from "../../../components/ui/bound-password";
import { submitTo, textInput } from "../../../lib/form";
import { errorMessage, trpc } from "../../../lib/trpc";

interface Setup {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

/**
 * Two-factor sign-in: set up with the password, confirmed with a code, removed with the password
 * and a current code (or a recovery code).
 */
export function TwoFactor() {
  const queryClient = useQueryClient();
  const status = useQuery(trpc.mfa.status.queryOptions());
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.mfa.status.pathFilter());

  const start = useMutation(
    trpc.mfa.setup.mutationOptions({
      // The set-up is shown with its QR code, drawn here (the mutation is pending until it is):
      // the QR library is loaded only now, so no first screen carries it.
      onSuccess: async (answer) => {
        const { toString } = await import("qrcode");
        const qrSvg = await toString(answer.otpauthUrl, { type: "svg", margin: 1 });
        setSetup({ ...answer, qrSvg });
        passwordForm.reset();
      },
    }),
  );
  const enable = useMutation(
    trpc.mfa.enable.mutationOptions({
      onSuccess: async (answer) => {
        setRecoveryCodes(answer.recoveryCodes);
        setSetup(null);
        codeForm.reset();
        await refresh();
      },
    }),
  );
  const disable = useMutation(
    trpc.mfa.disable.mutationOptions({
      onSuccess: async () => {
        passwordForm.reset();
        setRecoveryCodes(null);
        await refresh();
      },
    }),
  );
  const enabled = status.data?.enabled ?? false;
  const passwordForm = useForm({
    defaultValues: { password: "", code: "" },
    onSubmit: ({ value }) =>
      enabled ? disable.mutate(value) : start.mutate({ password: value.password }),
  });
  const codeForm = useForm({
    defaultValues: { code: "" },
    onSubmit: ({ value }) => enable.mutate({ code: value.code }),
  });
  const failure = start.error ?? enable.error ?? disable.error;

  return (
    <Card>
      <h2 className="text-lg font-semibold">Two-factor sign-in</h2>
      {status.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading two-factor sign-in">
          <Skeleton className="mt-2 h-4 w-80 max-w-full" />
          <Skeleton className="mt-5 h-16" />
          <Skeleton className="mt-4 h-10 w-56" />
        </div>
      ) : status.isError ? (
        <RetryPanel
          className="mt-3"
          message="Failed to load your two-factor sign-in"
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
        />
      ) : (
        <p className="mt-1 text-sm text-muted">
          {enabled
            ? `On: sign-in asks for a code from your authenticator app. ${status.data.recoveryCodesLeft} recovery codes left.`
            : "Off: add a code from an authenticator app to your password."}
        </p>
      )}
      {failure && <Alert tone="error">{errorMessage(failure, "Two-factor sign-in failed")}</Alert>}
      {recoveryCodes && (
        <Alert tone="success">
          <p>Two-factor sign-in is on. Keep these recovery codes safe; each works once:</p>
          <ul aria-label="Recovery codes" className="mt-2 grid grid-cols-2 gap-1 font-mono">
            {recoveryCodes.map((recoveryCode) => (
              <li key={recoveryCode}>{recoveryCode}</li>
            ))}
          </ul>
        </Alert>
      )}
      {!status.data ? null : setup ? (
        <form className="mt-4 space-y-4" onSubmit={submitTo(codeForm)}>
          <p className="text-sm">Scan the code with your authenticator app, or enter the key.</p>
          <img
            alt="QR code for your authenticator app"
            width={180}
            height={180}
            src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
          />
          <p className="text-sm">
            Key: <code data-testid="mfa-secret">{setup.secret}</code>
          </p>
          <codeForm.Field name="code">
            {(field) => (
              <Field
                label="Code from the app"
                autoComplete="one-time-code"
                inputMode="numeric"
                required
                {...textInput(field)}
              />
            )}
          </codeForm.Field>
          <Button type="submit" busy={enable.isPending}>
            Turn on
          </Button>
        </form>
      ) : (
        <form className="mt-4 space-y-4" onSubmit={submitTo(passwordForm)}>
          <passwordForm.Field name="password">
            {boundPassword(enabled ? "Password to turn it off" : "Password to set it up")}
          </passwordForm.Field>
          {enabled && (
            <passwordForm.Field name="code">
              {(field) => (
                <Field
                  label="Code from the app, or a recovery code"
                  autoComplete="one-time-code"
                  required
                  {...textInput(field)}
                />
              )}
            </passwordForm.Field>
          )}
          <Button type="submit" busy={start.isPending || disable.isPending}>
            {enabled ? "Turn off two-factor sign-in" : "Set up two-factor sign-in"}
          </Button>
        </form>
      )}
    </Card>
  );
}
