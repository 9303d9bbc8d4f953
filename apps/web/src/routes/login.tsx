import { signInMessages, SSO_START_PATH } from "@ledgerline/contracts/browser";
import type { LoginAnswer, SsoProvider } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState, type FormEvent } from "react";
import { AuthCard } from "../components/AuthCard";
import { loadSignedInNav } from "../components/layout/signed-in-nav";
import { Alert } from "../components/ui/Alert";
import { Button, buttonClass } from "../components/ui/Button";
import { Field } from "../components/ui/Field";
import { PasswordField } from "../components/ui/PasswordField";
import { redirectIfSignedIn } from "../lib/guards";
import { sessionStore } from "../lib/session";
import type * as Rest from "../lib/rest";
import { titled } from "../lib/head";

/**
 * The public REST door (and the client log it reports failures to) loads with the first sign-in,
 * not with the page: reading the form needs neither (~0.8 KB gzip of the page's first bundle).
 */
const loadRest = () => import("../lib/rest");

interface LoginSearch {
  reset?: "success";
  reason?: "inactive";
}

export const Route = createFileRoute("/login")({
  head: titled(m.login_page_title()),
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    reset: search.reset === "success" ? "success" : undefined,
    reason: search.reason === "inactive" ? "inactive" : undefined,
  }),
  beforeLoad: redirectIfSignedIn,
  component: LoginPage,
});

function LoginPage() {
  const { reset, reason } = Route.useSearch();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // With two-factor sign-in on, a right password answers a challenge: the code is asked next.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [ssoName, setSsoName] = useState<string | null>(null);

  async function finish(answer: LoginAnswer) {
    if ("mfaRequired" in answer) return setMfaToken(answer.mfaToken);
    // The navbar's signed-in links first, so it never shows a session without them.
    await loadSignedInNav();
    sessionStore.signIn(answer);
    await navigate({ to: "/landing" });
  }

  useEffect(() => {
    fetch("/api/auth/sso")
      .then((answer) => answer.json() as Promise<SsoProvider>)
      .then(
        (provider) => setSsoName(provider.name),
        () => undefined,
      );
    // Back from the provider (?sso= or ?ssoError=): only then is this code loaded, so a plain
    // visit to the page costs it nothing.
    if (location.search.includes("sso"))
      Promise.all([import("./-components/sso-return"), loadRest()])
        .then(([module, rest]) => module.ssoReturn(navigate, rest.postJson))
        .then(finish)
        .catch((failure: Error) => setError(failure.message));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the address it opened with
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    let rest: typeof Rest | undefined;
    try {
      rest = await loadRest();
      const answer = mfaToken
        ? await rest.postJson("/auth/login/mfa", { mfaToken, code })
        : await rest.postJson("/auth/login", { email, password, name: "" });
      await finish(answer);
    } catch (failure) {
      // A wrong code, or single sign-on required (403), says so; a wrong password never says which.
      const told =
        rest !== undefined &&
        failure instanceof rest.ApiError &&
        (mfaToken || failure.status === 403);
      setError(told ? failure.message : signInMessages.invalidCredentials);
    } finally {
      setBusy(false);
    }
  }

  // Loaded on click: the passkey code and its library stay out of this page's first bundle.
  async function passkey() {
    setBusy(true);
    setError(null);
    try {
      await finish(await (await import("../lib/passkeys")).signInWithPasskey(mfaToken));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={m.login_heading()}
      subtitle={m.login_subtitle()}
      footer={
        <>
          {m.login_new_here()}{" "}
          <Link to="/register" className="font-medium text-primary hover:underline">
            {m.login_create_account()}
          </Link>
        </>
      }
    >
      {reset === "success" && <Alert tone="success">{signInMessages.passwordResetSuccess}</Alert>}
      {reason === "inactive" && <Alert tone="info">{m.login_signed_out_inactive()}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate={false}>
        {mfaToken ? (
          <Field
            label={m.login_code_label()}
            hint={m.login_code_hint()}
            autoComplete="one-time-code"
            inputMode="text"
            required
            autoFocus
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
          />
        ) : (
          <>
            <Field
              label={m.login_email()}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(null);
              }}
            />
            <PasswordField
              label={m.login_password()}
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(null);
              }}
            />
          </>
        )}
        <div className="flex items-center justify-between">
          <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
            {m.login_forgot_password()}
          </Link>
        </div>
        <Button type="submit" className="w-full" busy={busy}>
          {mfaToken ? m.login_verify() : m.login_sign_in()}
        </Button>
        <Button
          type="button"
          variant="secondary"
          className="w-full"
          disabled={busy}
          onClick={() => void passkey()}
        >
          {mfaToken ? m.login_passkey_instead() : m.login_with_passkey()}
        </Button>
      </form>
      {ssoName && !mfaToken && (
        <a href={SSO_START_PATH} className={`${buttonClass("secondary")} w-full`}>
          {m.login_with_sso({ provider: ssoName })}
        </a>
      )}
    </AuthCard>
  );
}
