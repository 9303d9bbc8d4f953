// Writes dist/prerendered/<page>.html for the public pages a visitor lands on first: the built
// index.html with the page's HTML inside #root, and the app's script handed to /boot.js, which
// loads it once that HTML has painted (no module preloads competing with the first paint). The
// API serves these for exactly those paths and the plain shell for every other route.
// Compressed copies sit beside them.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

const pages = { "/": "index", "/login": "login", "/register": "register" };
const dist = process.argv[2] ?? join(import.meta.dirname, "..", "dist");
const { prerender } = await import(join(import.meta.dirname, "..", "dist-ssr", "prerender.js"));
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

mkdirSync(join(dist, "prerendered"), { recursive: true });
for (const [path, name] of Object.entries(pages)) {
  // React puts resource hints (e.g. image preloads) and the page's <title> first in its output;
  // they belong in <head>, and left in #root they would not match what the browser's render
  // produces there. The page's title replaces the shell's.
  const body = await prerender(path);
  const leading = body.match(/^(?:<link [^>]*\/>|<title>[^<]*<\/title>)+/)?.[0] ?? "";
  const title = leading.match(/<title>[^<]*<\/title>/)?.[0];
  const hints = leading.replace(/<title>[^<]*<\/title>/g, "");
  const html = deferredShell
    .replace(/<title>[^<]*<\/title>/, title ?? "$&")
    .replace("</head>", `${hints}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${body.slice(leading.length)}</div>`);
  const file = join(dist, "prerendered", `${name}.html`);
  writeFileSync(file, html);
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(html));
  console.log(`prerendered ${path} -> prerendered/${name}.html (${html.length} bytes)`);
}
