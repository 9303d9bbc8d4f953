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

/** Signed-in pages' prerendered loading layouts, by path template (`/research/$symbol`). */
const shellsFile = "prerendered/shells.json";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );

interface Shell {
  pattern: RegExp;
  names: string[];
  html: string;
}

/**
 * The signed-in pages' HTML: each page's prerendered loading layout (apps/web/scripts/prerender.mjs)
 * naming its code for preloading, and a function that fills in an address's parameters
 * (rendered as `__SYMBOL__`; both parameters are symbols, shown trimmed in capitals as the pages
 * show them), and a stock's company name (`__COMPANY__`). A literal path wins over a parameter
 * that would also match it.
 */
function signedInShells(
  root: string,
  withPreloads: (html: string, template: string) => string,
  companyName: (symbol: string) => string | undefined,
): (path: string) => string | undefined {
  const file = join(root, shellsFile);
  if (!existsSync(file)) return () => undefined;
  const shells: Shell[] = Object.entries(
    JSON.parse(readFileSync(file, "utf8")) as Record<string, string>,
  ).map(([template, html]) => {
    const names: string[] = [];
    const source = template
      .split("/")
      .map((segment) => {
        if (!segment.startsWith("$")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(segment.slice(1));
        return "([^/]+)";
      })
      .join("/");
    return {
      pattern: new RegExp(`^${source}/?$`),
      names,
      html: withPreloads(readFileSync(join(root, html), "utf8"), template),
    };
  });
  shells.sort((a, b) => a.names.length - b.names.length);
  return (path) => {
    for (const shell of shells) {
      const values = shell.pattern.exec(path);
      if (!values) continue;
      let html = shell.html;
      for (const [i, name] of shell.names.entries()) {
        let value: string;
        try {
          value = decodeURIComponent(values[i + 1]!);
        } catch {
          return undefined;
        }
        const shown = value.trim().toUpperCase();
        html = html.replaceAll(`__${name.toUpperCase()}__`, escapeHtml(shown));
        // A stock's page names its company in its heading when the name is known without a call
        // to the provider; else the layout's grey block stands in (an empty name).
        if (name === "symbol")
          html = html.replaceAll("__COMPANY__", escapeHtml(companyName(shown) ?? ""));
      }
      return html;
    }
    return undefined;
  };
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, the
 * prerendered HTML of the public landing pages and the signed-in pages' prerendered loading
 * layouts, and index.html for any other GET so client-side routes survive a reload, naming the
 * code that route's first load needs (./page-preloads).
 */
export async function webPlugin(
  app: FastifyInstance,
  options: {
    root: string;
    /** A stock's company name, if known without a provider call (no name: none filled in). */
    companyName?: (symbol: string) => string | undefined;
  },
) {
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
  // The page's code joins the list /app-shell.js preloads after the layout's first paint.
  const shellFor = signedInShells(
    options.root,
    (html, template) =>
      html.replace(
        '<script src="/app-shell.js" data-preload="',
        `$&${preloadsOf(template.replace(/\$\w+/g, "x"))
          .map((file) => `/${file} `)
          .join("")}`,
      ),
    options.companyName ?? (() => undefined),
  );
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
    const shell = shellFor(path);
    if (shell) return reply.type("text/html; charset=utf-8").send(shell);
    return reply.type("text/html; charset=utf-8").send(htmlFor(path));
  });
}
