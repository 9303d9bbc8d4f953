import { createFileRoute, redirect } from "@tanstack/react-router";

/** The spec: research without a symbol goes to the stock search. */
export const Route = createFileRoute("/_app/research/")({
  beforeLoad: () => {
    throw redirect({ to: "/search-area" });
  },
});
