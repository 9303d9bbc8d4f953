import { messages } from "@ledgerline/contracts/browser";
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
  head: titled("Account Settings"),
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
        newPasswordProblem(value.next, value.confirm, messages.newPasswordsDoNotMatch) ?? undefined,
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
        setOutcome({ tone: "success", text: messages.passwordUpdated });
      } catch (error) {
        setOutcome({ tone: "error", text: errorMessage(error, messages.failedToUpdatePassword) });
      }
    },
  });
  const busy = useSelector(form.store, (state) => state.isSubmitting);

  return (
    <Card>
      <h2 className="text-lg font-semibold">Change password</h2>
      <p className="mt-1 text-sm text-muted">
        Your other signed-in devices will be signed out and your API keys revoked.
      </p>
      <form onSubmit={submitTo(form)} className="mt-4 space-y-4">
        <form.Field name="current">{boundPassword("Current password")}</form.Field>
        <form.Field name="next">{boundPassword("New password", "new-password")}</form.Field>
        <form.Field name="confirm">
          {boundPassword("Confirm new password", "new-password")}
        </form.Field>
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        <Button type="submit" busy={busy}>
          Update password
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
          ? messages.emailRequired
          : value.password === ""
            ? messages.passwordRequired
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
        setOutcome({ tone: "success", text: messages.emailUpdated });
      } catch (error) {
        setOutcome({ tone: "error", text: errorMessage(error, messages.failedToUpdateEmail) });
      }
    },
  });
  const busy = useSelector(form.store, (state) => state.isSubmitting);

  return (
    <Card>
      <h2 className="text-lg font-semibold">Change email</h2>
      <p className="mt-1 text-sm text-muted">
        Currently <span className="font-medium text-text">{currentEmail}</span>. We will tell this
        address about the change and sign out your other devices.
      </p>
      <form onSubmit={submitTo(form)} className="mt-4 space-y-4" noValidate>
        <form.Field name="email">
          {(field) => (
            <Field label="New email" type="email" autoComplete="email" {...textInput(field)} />
          )}
        </form.Field>
        {/* Asked again: whoever controls the address can reset the password. */}
        <form.Field name="password">{boundPassword("Password to change your email")}</form.Field>
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        <Button type="submit" busy={busy}>
          Update email
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
      onError: (failure) => setError(errorMessage(failure, messages.failedToDeleteAccount)),
    }),
  );

  return (
    <Card className="border-loss/40">
      <h2 className="text-lg font-semibold text-loss">Delete account</h2>
      <p className="mt-1 text-sm text-muted">
        Permanently delete your account and everything in it.
      </p>
      {error && !open && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        description={
          <>
            <p className="font-medium text-loss">This cannot be undone.</p>
            <p className="mt-2">Deleting your account also deletes:</p>
            <ul className="mt-1 list-disc pl-5">
              <li>your saved stocks and cryptocurrencies</li>
              <li>your portfolio and watchlists</li>
              <li>your settings</li>
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
            Cancel
          </Button>
          <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>
            Delete account
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
      <PageHeader title="Account Settings" subtitle={accountSubtitle(user.name)} />
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
