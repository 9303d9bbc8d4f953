import { messages, PASSWORD_MIN_LENGTH } from "@ledgerline/contracts/browser";
import { createFileRoute, Link, redirect, useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { AuthCard } from "../components/AuthCard";
import { Alert } from "../components/ui/Alert";
import { Button } from "../components/ui/Button";
import { PasswordField } from "../components/ui/PasswordField";
import { newPasswordProblem } from "../lib/password-rules";
import { errorMessage, httpStatusOf } from "../lib/errors";
import { postJson } from "../lib/rest";
import { titled } from "../lib/head";

interface ResetSearch {
  token?: string;
  email?: string;
}

const text = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

export const Route = createFileRoute("/reset-password")({
  head: titled("Choose a new password"),
  validateSearch: (search: Record<string, unknown>): ResetSearch => ({
    token: text(search.token),
    email: text(search.email),
  }),
  beforeLoad: ({ search }) => {
    if (!search.token || !search.email)
      throw redirect({ to: "/forgot-password", search: { invalid: true } });
  },
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token = "", email = "" } = Route.useSearch();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirm, messages.passwordsDoNotMatch);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    setExpired(false);
    try {
      await postJson("/auth/reset-password", { token, email, newPassword: password });
      await navigate({ to: "/login", search: { reset: "success" } });
    } catch (failure) {
      const reason = errorMessage(failure, messages.invalidResetToken);
      setError(reason);
      setExpired(httpStatusOf(failure) === 400 && reason === messages.invalidResetToken);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Choose a new password" subtitle={`For ${email}`}>
      {error && (
        <Alert tone="error">
          <p>{error}</p>
          {expired && (
            // A used or expired link is a dead end unless the page offers a new one.
            <p className="mt-2">
              <Link to="/forgot-password" className="font-medium underline">
                Request a new reset link
              </Link>
            </p>
          )}
        </Alert>
      )}
      <form onSubmit={(event) => void submit(event)} className="space-y-4">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        <Button type="submit" className="w-full" busy={busy}>
          Reset password
        </Button>
      </form>
    </AuthCard>
  );
}
