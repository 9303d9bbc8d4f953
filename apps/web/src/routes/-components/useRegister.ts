import { closestLocale } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { loadSignedInNav } from "../../components/layout/signed-in-nav";
import { errorMessage, httpStatusOf } from "../../lib/errors";
import { newPasswordProblem } from "../../lib/password-rules";
import { postJson } from "../../lib/rest";
import { sessionStore } from "../../lib/session";

/**
 * The registration form's values and its submit: the password rules checked here first, then the
 * server; a new account is signed in and sent to its home page.
 */
export function useRegister() {
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
    const localProblem = newPasswordProblem(form.password, form.confirm, m.password_mismatch());
    if (localProblem) {
      setProblem(localProblem);
      return;
    }
    setBusy(true);
    setFailure(null);
    setTaken(false);
    try {
      const account = await postJson("/auth/register", {
        name: form.name,
        email: form.email,
        password: form.password,
        // Figures are written as the browser's language writes them until changed in settings.
        locale: closestLocale(navigator.languages ?? [navigator.language]),
      });
      // The navbar's signed-in links first, so it never shows a session without them.
      await loadSignedInNav();
      sessionStore.signIn(account);
      await navigate({ to: "/landing" });
    } catch (error) {
      const reason = errorMessage(error, "");
      setFailure(reason);
      setTaken(httpStatusOf(error) === 409);
      setProblem(m.register_failed());
    } finally {
      setBusy(false);
    }
  }
  return { form, set, submit, problem, failure, taken, busy };
}
