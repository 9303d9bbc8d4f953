import { messages } from "@ledgerline/contracts/browser";
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
  const refused = problem === messages.registrationFailed;
  return (
    <Alert tone="error">
      <p>{problem}</p>
      {refused && failure && <p className="mt-1">{failure}</p>}
      {refused && taken && (
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
  );
}
