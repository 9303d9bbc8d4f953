import { messages } from "@ledgerline/contracts/browser";
import { createFileRoute } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { Field } from "../../components/ui/Field";
import { Modal } from "../../components/ui/Modal";
import { PageHeader } from "../../components/ui/PageHeader";
import { PasswordField } from "../../components/ui/PasswordField";
import { newPasswordProblem } from "../../lib/password-rules";
import { sessionStore } from "../../lib/session";
import { errorMessage, trpcClient } from "../../lib/trpc";
import { useSession } from "../../lib/use-session";
import { titled } from "../../lib/head";
import { ApiKeys } from "./-components/ApiKeys";
import { TwoFactor } from "./-components/TwoFactor";

export const Route = createFileRoute("/_app/account")({
  staticData: { signedOutTo: "/access-denied" },
  head: titled("Account Settings"),
  component: AccountPage,
});

type Outcome = { tone: "success" | "error"; text: string } | null;

function ChangePassword() {
  const [form, setForm] = useState({ current: "", next: "", confirm: "" });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordProblem(form.next, form.confirm, messages.newPasswordsDoNotMatch);
    if (problem) {
      setOutcome({ tone: "error", text: problem });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      await trpcClient.account.updatePassword.mutate({
        currentPassword: form.current,
        newPassword: form.next,
      });
      setForm({ current: "", next: "", confirm: "" });
      setOutcome({ tone: "success", text: messages.passwordUpdated });
    } catch (error) {
      setOutcome({ tone: "error", text: errorMessage(error, messages.failedToUpdatePassword) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-semibold">Change password</h2>
      <p className="mt-1 text-sm text-muted">Your other signed-in devices will be signed out.</p>
      <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          value={form.current}
          onChange={set("current")}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          value={form.next}
          onChange={set("next")}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          value={form.confirm}
          onChange={set("confirm")}
        />
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        <Button type="submit" busy={busy}>
          Update password
        </Button>
      </form>
    </Card>
  );
}

function ChangeEmail({ currentEmail }: { currentEmail: string }) {
  const [email, setEmail] = useState("");
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (email.trim() === "") {
      setOutcome({ tone: "error", text: messages.emailRequired });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      sessionStore.updateUser(await trpcClient.account.updateEmail.mutate({ newEmail: email }));
      setEmail("");
      setOutcome({ tone: "success", text: messages.emailUpdated });
    } catch (error) {
      setOutcome({ tone: "error", text: errorMessage(error, messages.failedToUpdateEmail) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-semibold">Change email</h2>
      <p className="mt-1 text-sm text-muted">
        Currently <span className="font-medium text-text">{currentEmail}</span>. We will tell this
        address about the change.
      </p>
      <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-4" noValidate>
        <Field
          label="New email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await trpcClient.account.delete.mutate();
      setOpen(false);
      sessionStore.signOut("deleted");
    } catch (failure) {
      setError(errorMessage(failure, messages.failedToDeleteAccount));
    } finally {
      setBusy(false);
    }
  }

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
          <Button variant="danger" busy={busy} onClick={() => void confirm()}>
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
      <PageHeader
        title="Account Settings"
        subtitle={`Welcome, ${user.name}. Manage your sign-in details here.`}
      />
      <div className="space-y-6">
        <ChangePassword />
        <ChangeEmail currentEmail={user.email} />
        <TwoFactor />
        <ApiKeys />
        {!user.isAdmin && <DeleteAccount />}
      </div>
    </div>
  );
}
