import { m } from "@ledgerline/messages";
import { Link } from "@tanstack/react-router";
import { Alert } from "../../components/ui/Alert";

/**
 * What stopped the registration: a password rule, or the server's refusal with its reason (and,
 * for an address that has an account, the ways into it).
 */
export function RegisterProblem({
  problem,
  failure,
  taken,
}: {
  problem: string;
  failure: string | null;
  taken: boolean;
}) {
  const refused = problem === m.register_failed();
  return (
    <Alert tone="error">
      <p>{problem}</p>
      {refused && failure && <p className="mt-1">{failure}</p>}
      {refused && taken && (
        <p className="mt-2">
          {m.register_taken_question()}{" "}
          <Link to="/login" className="font-medium underline">
            {m.register_taken_sign_in()}
          </Link>{" "}
          {m.register_taken_or()}{" "}
          <Link to="/forgot-password" className="font-medium underline">
            {m.register_taken_reset()}
          </Link>
          {m.register_taken_end()}
        </p>
      )}
    </Alert>
  );
}
