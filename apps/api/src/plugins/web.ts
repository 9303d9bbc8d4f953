import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { pagePreloads, withPreloadLinks, type ViteManifest } from "./page-preloads";

/** Public pages the web build prerenders (apps/web/scripts/prerender.mjs), by path. */
const prerenderedPages: Record<string, string> = {
  "/": "prerendered/index.html",
  "/login": "prerendered/login.html",
  "/register": "prerendered/register.html",
};

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, the
 * prerendered HTML of the public landing pages, and index.html for any other GET so client-side
 * routes survive a reload, naming the code that route's first load needs (./page-preloads).
 */
export async function webPlugin(app: FastifyInstance, options: { root: string }) {
  if (!existsSync(join(options.root, "index.html"))) {
    app.log.warn(`web app not built (${options.root}); serving the API only`);
    return;
  }
  const available = new Map(
    Object.entries(prerenderedPages).filter(([, file]) => existsSync(join(options.root, file))),
  );
  const indexHtml = readFileSync(join(options.root, "index.html"), "utf8");
  const manifestFile = join(options.root, ".vite", "manifest.json");
  const preloadsOf = existsSync(manifestFile)
    ? pagePreloads(JSON.parse(readFileSync(manifestFile, "utf8")) as ViteManifest)
    : () => [];
  const pageHtml = new Map<string, string>();
  const htmlFor = (path: string) => {
    const files = preloadsOf(path);
    const key = files.join(" ");
    let html = pageHtml.get(key);
    if (html === undefined) {
      html = withPreloadLinks(indexHtml, files);
      pageHtml.set(key, html);
    }
    return html;
  };
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders(res, path) {
      res.header(
        "cache-control",
        path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  app.get("/*", (req, reply) => {
    const path = req.url.split("?")[0] ?? "/";
    if (path.startsWith("/api/") || path === "/api") {
      return reply.code(404).send({ message: `No API route ${req.method} ${path}` });
    }
    if (/\.[a-z0-9]+$/i.test(path)) {
      return reply.sendFile(path.slice(1), { cacheControl: false });
    }
    reply.header("cache-control", "no-cache");
    // Prerendered HTML shows the page without query parameters (no "reset=success" notice).
    const prerendered = req.url.includes("?") ? undefined : available.get(path);
    if (prerendered) return reply.sendFile(prerendered, { cacheControl: false });
    return reply.type("text/html; charset=utf-8").send(htmlFor(path));
  });
}
