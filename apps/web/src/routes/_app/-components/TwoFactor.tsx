import { m } from "@ledgerline/messages";
import { QueryRetryPanel, Skeleton } from "../../../components/RouteStates";
import { Alert } from "../../../components/ui/Alert";
import { Card } from "../../../components/ui/Card";
import { errorMessage } from "../../../lib/trpc";
import { PasswordForm, SetupForm } from "./TwoFactorForms";
import { useTwoFactor, type TwoFactorState } from "./useTwoFactor";

/** Whether two-factor sign-in is on (and the recovery codes left), while it loads or failed. */
function TwoFactorStatus({ state }: { state: TwoFactorState }) {
  const { status } = state;
  if (status.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={m.settings_2fa_loading()}>
        <Skeleton className="mt-2 h-4 w-80 max-w-full" />
        <Skeleton className="mt-5 h-16" />
        <Skeleton className="mt-4 h-10 w-56" />
      </div>
    );
  }
  if (status.isError) {
    return (
      <QueryRetryPanel query={status} className="mt-3" message={m.settings_2fa_failed_load()} />
    );
  }
  return (
    <p className="mt-1 text-sm text-muted">
      {state.enabled
        ? m.settings_2fa_on({ count: status.data.recoveryCodesLeft })
        : m.settings_2fa_off()}
    </p>
  );
}

/** The recovery codes just issued, each good once. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Alert tone="success">
      <p>{m.settings_2fa_codes_issued()}</p>
      <ul aria-label={m.settings_2fa_codes()} className="mt-2 grid grid-cols-2 gap-1 font-mono">
        {codes.map((recoveryCode) => (
          <li key={recoveryCode}>{recoveryCode}</li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * Two-factor sign-in: set up with the password, confirmed with a code, removed with the password
 * and a current code (or a recovery code).
 */
export function TwoFactor() {
  const state = useTwoFactor();
  const { status, setup, recoveryCodes, failure } = state;
  return (
    <Card>
      <h2 className="text-lg font-semibold">{m.settings_2fa_heading()}</h2>
      <TwoFactorStatus state={state} />
      {failure && <Alert tone="error">{errorMessage(failure, m.settings_2fa_failed())}</Alert>}
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
      {!status.data ? null : setup ? (
        <SetupForm state={state} setup={setup} />
      ) : (
        <PasswordForm state={state} />
      )}
    </Card>
  );
}
