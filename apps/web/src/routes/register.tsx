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
  head: titled("Create your account"),
  beforeLoad: redirectIfSignedIn,
  component: RegisterPage,
});

function RegisterPage() {
  const { form, set, submit, problem, failure, taken, busy } = useRegister();
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
      {problem && <RegisterProblem problem={problem} failure={failure} taken={taken} />}
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
