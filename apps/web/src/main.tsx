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

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
