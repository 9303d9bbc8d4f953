import { createFileRoute } from "@tanstack/react-router";
import { requireAdmin } from "../../lib/guards";

/** The admin screens (users, audit logs): one guard for both. */
export const Route = createFileRoute("/_app/_admin")({
  beforeLoad: ({ matches }): void => requireAdmin(matches),
});
