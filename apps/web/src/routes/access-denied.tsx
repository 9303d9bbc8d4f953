import { messages } from "@ledgerline/contracts/browser";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ShieldAlert } from "lucide-react";
import { buttonClass } from "../components/ui/Button";
import { Card } from "../components/ui/Card";
import { useSession } from "../lib/use-session";
import { titled } from "../lib/head";

export const Route = createFileRoute("/access-denied")({
  head: titled("Access denied"),
  component: AccessDeniedPage,
});

function AccessDeniedPage() {
  const session = useSession();
  return (
    <div className="mx-auto max-w-lg py-12">
      <Card className="text-center">
        <ShieldAlert aria-hidden="true" className="mx-auto h-12 w-12 text-warn" />
        <h1 className="mt-4 text-2xl font-bold">Access denied</h1>
        <p className="mt-2 text-muted">{messages.registeredUsersOnly}</p>
        {session && (
          <p className="mt-1 text-sm text-muted">
            Your account does not have the access this page needs.
          </p>
        )}
        <div className="mt-6 flex justify-center gap-3">
          {session ? (
            <Link to="/landing" className={buttonClass("primary")}>
              Go to your home page
            </Link>
          ) : (
            <>
              <Link to="/login" className={buttonClass("primary")}>
                Login
              </Link>
              <Link to="/register" className={buttonClass("secondary")}>
                Register
              </Link>
            </>
          )}
        </div>
      </Card>
    </div>
  );
}
