import { m } from "@ledgerline/messages";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ShieldAlert } from "lucide-react";
import { buttonClass } from "../components/ui/Button";
import { Card } from "../components/ui/Card";
import { useSession } from "../lib/use-session";
import { titled } from "../lib/head";

export const Route = createFileRoute("/access-denied")({
  head: titled(m.access_title()),
  component: AccessDeniedPage,
});

function AccessDeniedPage() {
  const session = useSession();
  return (
    <div className="mx-auto max-w-lg py-12">
      <Card className="text-center">
        <ShieldAlert aria-hidden="true" className="mx-auto h-12 w-12 text-warn" />
        <h1 className="mt-4 text-2xl font-bold">{m.access_title()}</h1>
        <p className="mt-2 text-muted">{m.access_registered_users_only()}</p>
        {session && <p className="mt-1 text-sm text-muted">{m.access_no_access()}</p>}
        <div className="mt-6 flex justify-center gap-3">
          {session ? (
            <Link to="/landing" className={buttonClass("primary")}>
              {m.home_go_home()}
            </Link>
          ) : (
            <>
              <Link to="/login" className={buttonClass("primary")}>
                {m.nav_login()}
              </Link>
              <Link to="/register" className={buttonClass("secondary")}>
                {m.nav_register()}
              </Link>
            </>
          )}
        </div>
      </Card>
    </div>
  );
}
