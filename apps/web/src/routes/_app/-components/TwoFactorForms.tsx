import { m } from "@ledgerline/messages";
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
      <p className="text-sm">{m.settings_2fa_scan()}</p>
      <img
        alt={m.settings_2fa_qr()}
        width={180}
        height={180}
        src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
      />
      <p className="text-sm">
        {m.settings_2fa_key()} <code data-testid="mfa-secret">{setup.secret}</code>
      </p>
      <codeForm.Field name="code">
        {(field) => (
          <Field
            label={m.settings_2fa_code()}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            {...textInput(field)}
          />
        )}
      </codeForm.Field>
      <Button type="submit" busy={state.enable.isPending}>
        {m.settings_2fa_turn_on()}
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
        {boundPassword(enabled ? m.settings_2fa_password_off() : m.settings_2fa_password_setup())}
      </passwordForm.Field>
      {enabled && (
        <passwordForm.Field name="code">
          {(field) => (
            <Field
              label={m.settings_2fa_code_or_recovery()}
              autoComplete="one-time-code"
              required
              {...textInput(field)}
            />
          )}
        </passwordForm.Field>
      )}
      <Button type="submit" busy={state.passwordBusy}>
        {enabled ? m.settings_2fa_turn_off_button() : m.settings_2fa_set_up_button()}
      </Button>
    </form>
  );
}
