import { m } from "@ledgerline/messages";
import { PASSWORD_MIN_LENGTH } from "@ledgerline/contracts/browser";
import { createFileRoute, Link } from "@tanstack/react-router";
import { AuthCard } from "../components/AuthCard";
import { Button } from "../components/ui/Button";
import { Field } from "../components/ui/Field";
import { PasswordField } from "../components/ui/PasswordField";
import { redirectIfSignedIn } from "../lib/guards";
import { titled } from "../lib/head";
import { RegisterProblem } from "./-components/RegisterProblem";
import { useRegister } from "./-components/useRegister";

export const Route = createFileRoute("/register")({
  head: titled(m.register_title()),
  beforeLoad: redirectIfSignedIn,
  component: RegisterPage,
});

function RegisterPage() {
  const { form, set, submit, problem, failure, taken, busy } = useRegister();
  return (
    <AuthCard
      title={m.register_title()}
      subtitle={m.register_subtitle()}
      footer={
        <>
          {m.register_have_account()}{" "}
          <Link to="/login" className="font-medium text-primary hover:underline">
            {m.login_sign_in()}
          </Link>
        </>
      }
    >
      {problem && <RegisterProblem problem={problem} failure={failure} taken={taken} />}
      <form onSubmit={(event) => void submit(event)} className="space-y-4">
        <Field
          label={m.register_full_name()}
          autoComplete="name"
          required
          value={form.name}
          onChange={set("name")}
        />
        <Field
          label={m.login_email()}
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set("email")}
        />
        <PasswordField
          label={m.login_password()}
          autoComplete="new-password"
          required
          value={form.password}
          onChange={set("password")}
          hint={m.register_password_hint({ count: String(PASSWORD_MIN_LENGTH) })}
        />
        <PasswordField
          label={m.register_confirm_password()}
          autoComplete="new-password"
          required
          value={form.confirm}
          onChange={set("confirm")}
        />
        <p className="text-xs text-muted">
          {m.register_agree()}{" "}
          <Link to="/terms" className="text-primary underline">
            {m.footer_terms()}
          </Link>{" "}
          {m.register_and_the()}{" "}
          <Link to="/privacy" className="text-primary underline">
            {m.footer_privacy()}
          </Link>
          {m.register_agree_end()}
        </p>
        <Button type="submit" className="w-full" busy={busy} disabled={busy}>
          {m.register_submit()}
        </Button>
      </form>
    </AuthCard>
  );
}
