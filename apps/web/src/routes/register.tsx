import { messages, PASSWORD_MIN_LENGTH } from "@ledgerline/contracts/browser";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { AuthCard } from "../components/AuthCard";
import { Alert } from "../components/ui/Alert";
import { Button } from "../components/ui/Button";
import { Field } from "../components/ui/Field";
import { PasswordField } from "../components/ui/PasswordField";
import { redirectIfSignedIn } from "../lib/guards";
import { newPasswordProblem } from "../lib/password-rules";
import { sessionStore } from "../lib/session";
import { errorMessage, httpStatusOf } from "../lib/errors";
import { postJson } from "../lib/rest";
import { titled } from "../lib/head";

export const Route = createFileRoute("/register")({
  head: titled("Create your account"),
  beforeLoad: redirectIfSignedIn,
  component: RegisterPage,
});

function RegisterPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: "", email: "", password: "", confirm: "" });
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The address already has an account: offer the ways into it.
  const [taken, setTaken] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm({ ...form, [key]: event.target.value });
    setProblem(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const localProblem = newPasswordProblem(
      form.password,
      form.confirm,
      messages.passwordsDoNotMatch,
    );
    if (localProblem) {
      setProblem(localProblem);
      return;
    }
    setBusy(true);
    setFailure(null);
    setTaken(false);
    try {
      sessionStore.signIn(
        await postJson("/auth/register", {
          name: form.name,
          email: form.email,
          password: form.password,
        }),
      );
      await navigate({ to: "/landing" });
    } catch (error) {
      const reason = errorMessage(error, "");
      setFailure(reason);
      setTaken(httpStatusOf(error) === 409);
      setProblem(messages.registrationFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Free to use. Your watchlists and portfolio stay private to you."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      {problem && (
        <Alert tone="error">
          <p>{problem}</p>
          {problem === messages.registrationFailed && failure && <p className="mt-1">{failure}</p>}
          {problem === messages.registrationFailed && taken && (
            <p className="mt-2">
              Is it yours?{" "}
              <Link to="/login" className="font-medium underline">
                Sign in
              </Link>{" "}
              or{" "}
              <Link to="/forgot-password" className="font-medium underline">
                reset your password
              </Link>
              .
            </p>
          )}
        </Alert>
      )}
      <form onSubmit={(event) => void submit(event)} className="space-y-4">
        <Field
          label="Full name"
          autoComplete="name"
          required
          value={form.name}
          onChange={set("name")}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set("email")}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          value={form.password}
          onChange={set("password")}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          required
          value={form.confirm}
          onChange={set("confirm")}
        />
        <p className="text-xs text-muted">
          By creating an account you agree to the{" "}
          <Link to="/terms" className="text-primary underline">
            Terms of Service
          </Link>{" "}
          and the{" "}
          <Link to="/privacy" className="text-primary underline">
            Privacy Policy
          </Link>
          .
        </p>
        <Button type="submit" className="w-full" busy={busy} disabled={busy}>
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
