// Writes dist/prerendered/<page>.html for the public pages a visitor lands on first: the built
// index.html with the page's HTML inside #root, and the app's script handed to /boot.js, which
// loads it once that HTML has painted (no module preloads competing with the first paint). The
// API serves these for exactly those paths and the plain shell for every other route.
// Compressed copies sit beside them.
//
// It also writes dist/prerendered/shells/<page>.html for each signed-in page, listed by path
// template in dist/prerendered/shells.json: the page as its first load shows it while its code,
// session and data arrive (the signed-in navigation bar and the page's loading layout), so it
// paints from the HTML. Its app script too waits for that paint, and its #root content is wrapped
// in a [data-app-shell] element, which /app-shell.js hides in a tab without a session. A path
// parameter is rendered as __NAME__, which the API replaces with the address's value; the API
// also names the page's code for /app-shell.js to preload.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

const pages = { "/": "index", "/login": "login", "/register": "register" };
const dist = process.argv[2] ?? join(import.meta.dirname, "..", "dist");
// Usage: node scripts/prerender.mjs [dist folder] [server-side build folder] [language]
// The server-side build holds every language's texts and reads which one to render from this
// global as it loads (vite.config.ts).
globalThis.__PRERENDER_LANGUAGE__ = process.argv[4] ?? "en";
// React's server renderer picks its build by NODE_ENV as it loads: the development one writes an
// error's message and component stack (this machine's file paths) into the HTML, as it did for a
// lazy part of the admin menu (issue 35). The pages ship as production React renders them.
// eslint-disable-next-line no-restricted-properties -- a build script sets what React reads
process.env.NODE_ENV = "production";
const { prerender, prerenderShell, signedInPages } = await import(
  resolve(process.argv[3] ?? join(import.meta.dirname, "..", "dist-ssr"), "prerender.js")
);
const shell = readFileSync(join(dist, "index.html"), "utf8");
if (!shell.includes('<div id="root"></div>'))
  throw new Error("index.html has no empty #root to fill");
const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell);
if (!entry || !shell.includes('<script src="/boot.js"></script>')) {
  throw new Error("index.html must load /boot.js and one module entry");
}
const deferredShell = shell
  .replace(entry[0], "")
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
  .replace(
    '<script src="/boot.js"></script>',
    `<script src="/boot.js" data-entry="${entry[1]}"></script>`,
  );

/** The page's HTML in the shell: its <title> and resource hints moved into <head>. */
function inShell(shellHtml, body, rootAttributes = "") {
  // React puts resource hints (e.g. image preloads) and the page's <title> first in its output;
  // they belong in <head>, and left in #root they would not match what the browser's render
  // produces there. The page's title replaces the shell's.
  const leading = body.match(/^(?:<link [^>]*\/>|<title>[^<]*<\/title>)+/)?.[0] ?? "";
  const title = leading.match(/<title>[^<]*<\/title>/)?.[0];
  const hints = leading.replace(/<title>[^<]*<\/title>/g, "");
  const content = body.slice(leading.length);
  return shellHtml
    .replace(/<title>[^<]*<\/title>/, title ?? "$&")
    .replace("</head>", `${hints}</head>`)
    .replace(
      '<div id="root"></div>',
      rootAttributes
        ? `<div id="root"><div ${rootAttributes}>${content}</div></div>`
        : `<div id="root">${content}</div>`,
    );
}

function write(file, html) {
  // A render error's details (message, stack, file paths) never ship in a page.
  if (/data-(msg|stck|cstck)=|file:\/\//.test(html))
    throw new Error(`${file}: the render wrote an error's details into the page`);
  writeFileSync(file, html);
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(html));
}

/**
 * The page's own code beyond the entry's (its route's code-split chunks and their imports, from
 * the build's manifest), which /boot.js preloads beside the entry: the lists Vite writes for
 * each lazy import are not loaded before the reader's first input (src/lib/preload-lists.ts).
 */
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
function withImports(keys, into = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) continue;
    into.add(chunk.file);
    withImports(chunk.imports ?? [], into);
  }
  return into;
}
const loadedByEntry = withImports(Object.keys(manifest).filter((key) => manifest[key].isEntry));
function pageCode(name) {
  const own = Object.keys(manifest).filter((key) =>
    key.startsWith(`src/routes/${name}.tsx?tsr-split=`),
  );
  if (own.length === 0) throw new Error(`the manifest names no code of src/routes/${name}.tsx`);
  return [...withImports(own)].filter((file) => !loadedByEntry.has(file)).map((file) => `/${file}`);
}

mkdirSync(join(dist, "prerendered", "shells"), { recursive: true });
for (const [path, name] of Object.entries(pages)) {
  const shellWithCode = deferredShell.replace(
    '<script src="/boot.js" data-entry=',
    `<script src="/boot.js" data-preload="${pageCode(name).join(" ")}" data-entry=`,
  );
  const html = inShell(shellWithCode, await prerender(path));
  write(join(dist, "prerendered", `${name}.html`), html);
  console.log(`prerendered ${path} -> prerendered/${name}.html (${html.length} bytes)`);
}

// The signed-in pages name the entry's module preloads to /app-shell.js, which adds them (and the
// page's own, which the API adds to the list) once the loading layout has painted, as boot.js
// adds the app's script then.
const entryPreloads = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
const signedInShell = deferredShell.replace(
  '<script src="/boot.js"',
  `<script src="/app-shell.js" data-preload="${entryPreloads.map((m) => m[1]).join(" ")}"></script>\n    <script src="/boot.js"`,
);
const shells = {};
for (const template of signedInPages()) {
  const placeholder = (name) => `__${name.toUpperCase()}__`;
  const path = template.replace(/\$(\w+)/g, (_, name) => placeholder(name));
  const body = await prerenderShell(path);
  const name = template.slice(1).replace(/\$/g, "").replace(/\W+/g, "-") || "index";
  const html = inShell(signedInShell, body, "data-app-shell");
  write(join(dist, "prerendered", "shells", `${name}.html`), html);
  shells[template] = `prerendered/shells/${name}.html`;
}
writeFileSync(join(dist, "prerendered", "shells.json"), `${JSON.stringify(shells, null, 2)}\n`);
console.log(
  `prerendered ${Object.keys(shells).length} signed-in page shells -> prerendered/shells`,
);
