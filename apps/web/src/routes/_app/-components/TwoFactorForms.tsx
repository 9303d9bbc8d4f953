import { Button } from "../../../components/ui/Button";
import { Field } from "../../../components/ui/Field";
import { boundPassword } from "../../../components/ui/bound-password";
import { submitTo, textInput } from "../../../lib/form";
import type { TwoFactorState } from "./useTwoFactor";

/** The set-up step: the QR code and key to scan or type, then the app's code to turn it on. */
export function SetupForm({
  state,
  setup,
}: {
  state: TwoFactorState;
  setup: NonNullable<TwoFactorState["setup"]>;
}) {
  const { codeForm } = state;
  return (
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
      <Button type="submit" busy={state.enable.isPending}>
        Turn on
      </Button>
    </form>
  );
}

/** The password (and, to turn it off, a code) that sets two-factor sign-in up or turns it off. */
export function PasswordForm({ state }: { state: TwoFactorState }) {
  const { passwordForm, enabled } = state;
  return (
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
      <Button type="submit" busy={state.passwordBusy}>
        {enabled ? "Turn off two-factor sign-in" : "Set up two-factor sign-in"}
      </Button>
    </form>
  );
}
