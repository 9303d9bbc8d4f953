import { RouterProvider } from "@tanstack/react-router";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadSignedInNav } from "./components/layout/signed-in-nav";
import { loadPreloadListsOnFirstInput } from "./lib/preload-lists";
import { sessionStore } from "./lib/session";
import { createAppRouter } from "./router";
import "./styles.css";

const router = createAppRouter();
loadPreloadListsOnFirstInput();

// Whatever ends a session (logout, a 401, expiry, inactivity, deletion) leaves the signed-in screens.
sessionStore.onSignOut((reason) => {
  void router.navigate({
    to: reason === "deleted" ? "/" : "/login",
    search: reason === "inactive" ? { reason } : {},
  });
});

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

// The public pages arrive prerendered (scripts/prerender.mjs), and the signed-in ones as their
// loading layout. The route's code (and a signed-in page's data) loads first, so the first render
// replaces that HTML with the page rather than a loading state or an empty one. (Not
// hydrateRoot: TanStack Router renders a Suspense boundary in the browser that its server render
// lacks, so hydration would always mismatch.) Any other address renders at once.
// While that HTML shows, the first render is a transition: React renders in slices between
// which the browser stays responsive (one long task would hold up the user's first tap), and
// replaces the HTML once the page is whole.
// A signed-in navbar's links are a chunk of their own; they come with the first render.
const signedInNav = sessionStore.get() ? loadSignedInNav() : undefined;
const root = document.getElementById("root")!;
if (root.hasChildNodes()) {
  await Promise.all([router.load(), signedInNav]);
  startTransition(() => createRoot(root).render(app));
} else {
  await signedInNav;
  createRoot(root).render(app);
}
