import { m } from "@ledgerline/messages";
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
  head: titled(m.reset_title()),
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
    const problem = newPasswordProblem(password, confirm, m.password_mismatch());
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
      const reason = errorMessage(failure, m.api_auth_invalid_reset_token());
      setError(reason);
      // The API says it in the request's language (decision 0070): this build's, or English.
      const dead: string[] = [messages.invalidResetToken, m.api_auth_invalid_reset_token()];
      setExpired(httpStatusOf(failure) === 400 && dead.includes(reason));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={m.reset_title()} subtitle={m.reset_for({ email })}>
      {error && (
        <Alert tone="error">
          <p>{error}</p>
          {expired && (
            // A used or expired link is a dead end unless the page offers a new one.
            <p className="mt-2">
              <Link to="/forgot-password" className="font-medium underline">
                {m.forgot_request_new()}
              </Link>
            </p>
          )}
        </Alert>
      )}
      <form onSubmit={(event) => void submit(event)} className="space-y-4">
        <PasswordField
          label={m.settings_new_password()}
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={m.register_password_hint({ count: String(PASSWORD_MIN_LENGTH) })}
        />
        <PasswordField
          label={m.settings_confirm_password()}
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        <Button type="submit" className="w-full" busy={busy}>
          {m.reset_submit()}
        </Button>
      </form>
    </AuthCard>
  );
}
