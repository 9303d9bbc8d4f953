import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { sessionStore } from "./lib/session";
import { createAppRouter } from "./router";
import "./styles.css";

const router = createAppRouter();

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

// The public pages arrive prerendered (scripts/prerender.mjs). The route's code loads first, so
// the first render replaces that HTML with the same page rather than a loading state. (Not
// hydrateRoot: TanStack Router renders a Suspense boundary in the browser that its server render
// lacks, so hydration would always mismatch.) Any other page renders at once: the navigation
// bar, then the page's own loading layout while its code and data arrive together.
const root = document.getElementById("root")!;
if (root.hasChildNodes()) await router.load();
createRoot(root).render(app);
