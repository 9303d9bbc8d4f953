import { createFileRoute, redirect } from "@tanstack/react-router";
import { requireSignedIn } from "../../../lib/guards";

/** The spec: research without a symbol goes to the stock search. */
export const Route = createFileRoute("/_app/research/")({
  beforeLoad: () => {
    requireSignedIn("/login")();
    throw redirect({ to: "/search-area" });
  },
});
