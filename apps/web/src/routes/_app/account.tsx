import { m } from "@ledgerline/messages";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useForm, useSelector } from "@tanstack/react-form";
import { useState } from "react";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { Field } from "../../components/ui/Field";
import { Modal } from "../../components/ui/Modal";
import { PageHeader } from "../../components/ui/PageHeader";
import { boundPassword } from "../../components/ui/bound-password";
import { firstError, submitTo, textInput } from "../../lib/form";
import { newPasswordProblem } from "../../lib/password-rules";
import { sessionStore } from "../../lib/session";
import { errorMessage, trpc } from "../../lib/trpc";
import { useSession } from "../../lib/use-session";
import { titled } from "../../lib/head";
import { AccountLoading, accountSubtitle } from "../../components/loading/FormPagesLoading";
import { ApiKeys } from "./-components/ApiKeys";
import { DisplayCurrency } from "./-components/DisplayCurrency";
import { LocaleSetting } from "./-components/LocaleSetting";
import { Passkeys } from "./-components/Passkeys";
import { TwoFactor } from "./-components/TwoFactor";

export const Route = createFileRoute("/_app/account")({
  staticData: { signedOutTo: "/access-denied" },
  head: titled(m.settings_page_title()),
  // No loader: its first paint is its forms; the two-factor and API key panels below load in
  // place, each with its own loading state and Retry.
  pendingComponent: AccountLoading,
  component: AccountPage,
});

type Outcome = { tone: "success" | "error"; text: string } | null;

/** The outcome of a form whose rule refused the submission: its message, as an error. */
function refused(errors: readonly unknown[]): Outcome {
  const text = firstError(errors);
  return text ? { tone: "error", text } : null;
}

function ChangePassword() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { mutateAsync: updatePassword } = useMutation(
    trpc.account.updatePassword.mutationOptions(),
  );
  const form = useForm({
    defaultValues: { current: "", next: "", confirm: "" },
    validators: {
      onSubmit: ({ value }) =>
        newPasswordProblem(value.next, value.confirm, m.settings_new_passwords_mismatch()) ??
        undefined,
    },
    onSubmitInvalid: ({ formApi }) => setOutcome(refused(formApi.state.errors)),
    onSubmit: async ({ value, formApi }) => {
      setOutcome(null);
      try {
        await updatePassword({
          currentPassword: value.current,
          newPassword: value.next,
        });
        formApi.reset();
        setOutcome({ tone: "success", text: m.settings_password_updated() });
      } catch (error) {
        setOutcome({
          tone: "error",
          text: errorMessage(error, m.settings_password_update_failed()),
        });
      }
    },
  });
  const busy = useSelector(form.store, (state) => state.isSubmitting);

  return (
    <Card>
      <h2 className="text-lg font-semibold">{m.settings_password_heading()}</h2>
      <p className="mt-1 text-sm text-muted">{m.settings_password_intro()}</p>
      <form onSubmit={submitTo(form)} className="mt-4 space-y-4">
        <form.Field name="current">{boundPassword(m.settings_current_password())}</form.Field>
        <form.Field name="next">
          {boundPassword(m.settings_new_password(), "new-password")}
        </form.Field>
        <form.Field name="confirm">
          {boundPassword(m.settings_confirm_password(), "new-password")}
        </form.Field>
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        <Button type="submit" busy={busy}>
          {m.settings_update_password()}
        </Button>
      </form>
    </Card>
  );
}

function ChangeEmail({ currentEmail }: { currentEmail: string }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { mutateAsync: updateEmail } = useMutation(trpc.account.updateEmail.mutationOptions());
  const form = useForm({
    defaultValues: { email: "", password: "" },
    validators: {
      onSubmit: ({ value }) =>
        value.email.trim() === ""
          ? m.settings_email_required()
          : value.password === ""
            ? m.settings_password_required()
            : undefined,
    },
    onSubmitInvalid: ({ formApi }) => setOutcome(refused(formApi.state.errors)),
    onSubmit: async ({ value, formApi }) => {
      setOutcome(null);
      try {
        sessionStore.updateUser(
          await updateEmail({ newEmail: value.email, currentPassword: value.password }),
        );
        formApi.reset();
        setOutcome({ tone: "success", text: m.settings_email_updated() });
      } catch (error) {
        setOutcome({ tone: "error", text: errorMessage(error, m.settings_email_update_failed()) });
      }
    },
  });
  const busy = useSelector(form.store, (state) => state.isSubmitting);

  return (
    <Card>
      <h2 className="text-lg font-semibold">{m.settings_email_heading()}</h2>
      <p className="mt-1 text-sm text-muted">
        {m.settings_email_currently()} <span className="font-medium text-text">{currentEmail}</span>
        . {m.settings_email_notice()}
      </p>
      <form onSubmit={submitTo(form)} className="mt-4 space-y-4" noValidate>
        <form.Field name="email">
          {(field) => (
            <Field
              label={m.settings_new_email()}
              type="email"
              autoComplete="email"
              {...textInput(field)}
            />
          )}
        </form.Field>
        {/* Asked again: whoever controls the address can reset the password. */}
        <form.Field name="password">{boundPassword(m.settings_email_password())}</form.Field>
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        <Button type="submit" busy={busy}>
          {m.settings_update_email()}
        </Button>
      </form>
    </Card>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation(
    trpc.account.delete.mutationOptions({
      onMutate: () => setError(null),
      onSuccess: () => {
        setOpen(false);
        sessionStore.signOut("deleted");
      },
      onError: (failure) => setError(errorMessage(failure, m.settings_delete_account_failed())),
    }),
  );

  return (
    <Card className="border-loss/40">
      <h2 className="text-lg font-semibold text-loss">{m.settings_delete_account()}</h2>
      <p className="mt-1 text-sm text-muted">{m.settings_delete_intro()}</p>
      {error && !open && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        {m.settings_delete_my_account()}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={m.settings_delete_title()}
        description={
          <>
            <p className="font-medium text-loss">{m.settings_delete_cannot_undo()}</p>
            <p className="mt-2">{m.settings_delete_also()}</p>
            <ul className="mt-1 list-disc pl-5">
              <li>{m.settings_delete_stocks()}</li>
              <li>{m.settings_delete_portfolio()}</li>
              <li>{m.settings_delete_settings()}</li>
            </ul>
          </>
        }
      >
        {error && (
          <Alert tone="error" className="mb-4">
            {error}
          </Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {m.settings_cancel()}
          </Button>
          <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>
            {m.settings_delete_account()}
          </Button>
        </div>
      </Modal>
    </Card>
  );
}

function AccountPage() {
  const session = useSession();
  if (!session) return null;
  const { user } = session;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={m.settings_page_title()} subtitle={accountSubtitle(user.name)} />
      <div className="space-y-6">
        <ChangePassword />
        <ChangeEmail currentEmail={user.email} />
        <DisplayCurrency />
        <LocaleSetting />
        <TwoFactor />
        <Passkeys />
        <ApiKeys />
        {!user.isAdmin && <DeleteAccount />}
      </div>
    </div>
  );
}
