import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { pagePreloads, withPreloadLinks, type ViteManifest } from "./page-preloads";
import { webLanguages, type WebLanguage } from "@ledgerline/contracts";
import { requestLanguage } from "./web-language";

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

/** One language's build: its prerendered pages, signed-in layouts and page shell. */
function webSite(root: string, companyName: (symbol: string) => string | undefined) {
  const available = new Map(
    Object.entries(prerenderedPages).filter(([, file]) => existsSync(join(root, file))),
  );
  const indexHtml = readFileSync(join(root, "index.html"), "utf8");
  const manifestFile = join(root, ".vite", "manifest.json");
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
    root,
    (html, template) =>
      html.replace(
        '<script src="/app-shell.js" data-preload="',
        `$&${preloadsOf(template.replace(/\$\w+/g, "x"))
          .map((file) => `/${file} `)
          .join("")}`,
      ),
    companyName,
  );
  return { root, available, htmlFor, shellFor };
}

/**
 * The other languages' builds beside the English one: apps/web writes dist-de/ and dist-es/ next
 * to dist/ (decision 0065). A language without a build is served English.
 */
function languageRoots(root: string): Partial<Record<WebLanguage, string>> {
  const roots: Partial<Record<WebLanguage, string>> = { en: root };
  for (const language of webLanguages)
    if (language !== "en" && existsSync(join(`${root}-${language}`, "index.html")))
      roots[language] = `${root}-${language}`;
  return roots;
}

/**
 * Serves the built web app in the request's language (./web-language): hashed assets cached for
 * a year, everything else revalidated, the prerendered HTML of the public landing pages and the
 * signed-in pages' prerendered loading layouts, and index.html for any other GET so client-side
 * routes survive a reload, naming the code that route's first load needs (./page-preloads).
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
  const companyName = options.companyName ?? (() => undefined);
  const sites = new Map(
    Object.entries(languageRoots(options.root)).map(([language, root]) => [
      language as WebLanguage,
      webSite(root, companyName),
    ]),
  );
  const english = sites.get("en")!;
  await app.register(fastifyStatic, {
    root: options.root,
    serve: false,
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
    const site = sites.get(requestLanguage(req.headers)) ?? english;
    // Pages, the service worker and the manifest differ by language; a cache must not mix them.
    reply.header("vary", "Cookie, Accept-Language");
    if (/\.[a-z0-9]+$/i.test(path)) {
      const file = path.slice(1);
      // Code a page of another language's build still asks for (it was open when the reader
      // switched) is found in that build: hashed names are unique across builds.
      const root = [site, ...sites.values()].find((s) => existsSync(join(s.root, file)))?.root;
      if (!root || file.includes("..")) return reply.callNotFound();
      return reply.sendFile(file, root, { cacheControl: false });
    }
    reply.header("cache-control", "no-cache");
    // Prerendered HTML shows the page without query parameters (no "reset=success" notice).
    const prerendered = req.url.includes("?") ? undefined : site.available.get(path);
    if (prerendered) return reply.sendFile(prerendered, site.root, { cacheControl: false });
    const shell = site.shellFor(path);
    if (shell) return reply.type("text/html; charset=utf-8").send(shell);
    return reply.type("text/html; charset=utf-8").send(site.htmlFor(path));
  });
}
