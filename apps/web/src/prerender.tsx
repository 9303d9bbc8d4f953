import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { createAppRouter } from "./router";

/**
 * Renders a public page to HTML at build time, as a signed-out visitor sees it, so that its
 * content paints before any JavaScript has run (see scripts/prerender.mjs).
 */
export async function prerender(path: string): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}
