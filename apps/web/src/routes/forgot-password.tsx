import { m } from "@ledgerline/messages";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { AuthCard } from "../components/AuthCard";
import { Alert } from "../components/ui/Alert";
import { Button } from "../components/ui/Button";
import { Field } from "../components/ui/Field";
import { errorMessage } from "../lib/errors";
import { postJson } from "../lib/rest";
import { titled } from "../lib/head";

export const Route = createFileRoute("/forgot-password")({
  head: titled(m.forgot_page_title()),
  validateSearch: (search: Record<string, unknown>): { invalid?: true } => ({
    invalid: search.invalid === true || search.invalid === "true" ? true : undefined,
  }),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const { invalid } = Route.useSearch();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const answer = await postJson("/auth/forgot-password", { email });
      setResult({ tone: "success", text: answer.message });
    } catch (error) {
      setResult({ tone: "error", text: errorMessage(error, m.forgot_failed()) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={m.forgot_title()} subtitle={m.forgot_subtitle()}>
      {invalid && (
        <Alert tone="warning">
          {m.forgot_link_invalid()}{" "}
          <a href="#forgot-email" className="font-medium underline">
            {m.forgot_request_new()}
          </a>{" "}
          {m.forgot_below()}
        </Alert>
      )}
      <form onSubmit={(event) => void submit(event)} className="space-y-4">
        <Field
          id="forgot-email"
          label={m.login_email()}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" className="w-full" busy={busy}>
          {m.forgot_send()}
        </Button>
      </form>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <Link to="/login" className="inline-block text-sm font-medium text-primary hover:underline">
        {m.forgot_back()}
      </Link>
    </AuthCard>
  );
}
