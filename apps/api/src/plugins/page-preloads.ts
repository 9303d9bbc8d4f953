/**
 * The code a first load of a client-side route needs beyond the entry: the page's code-split
 * chunks (its loader's too), its layouts' chunks, and the tRPC client the signed-in layout loads
 * before any data request. The browser would otherwise find them one round trip after another
 * (the entry, then the client, then the page), so the page's data request and code start late;
 * listed in the HTML as `modulepreload` links they load beside the entry.
 *
 * Read from Vite's build manifest, whose keys name the source files: a route file
 * `src/routes/_app/research/$symbol.tsx` serves `/research/:symbol` (segments starting with `_`
 * are layouts without a path, `index` is its folder's own path).
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export type ViteManifest = Record<string, ManifestChunk>;

/** Modules the signed-in layout imports before its pages may ask for data. */
const signedInModules = ["src/lib/trpc.ts"];

const routeKey = /^src\/routes\/(.+)\.tsx\?tsr-split=/;
const isLoader = (key: string) => key.endsWith("?tsr-split=loader");

interface RoutePreloads {
  pattern: RegExp;
  files: string[];
}

function pathPattern(routeFile: string): RegExp | undefined {
  const segments = routeFile.split("/").filter((s) => !s.startsWith("_") && s !== "index");
  if (segments.some((s) => s.startsWith("-"))) return undefined;
  const path = segments
    .map((s) => (s.startsWith("$") ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^/${path}/?$`);
}

/** Every file a chunk needs loaded before it runs: itself and its static imports, transitively. */
function withImports(manifest: ViteManifest, keys: string[], into: Set<string>): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) continue;
    into.add(chunk.file);
    withImports(manifest, chunk.imports ?? [], into);
  }
  return into;
}

/** The routes of a build with the files each needs beyond the entry's, most specific first. */
export function pagePreloads(manifest: ViteManifest): (path: string) => string[] {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loadedByEntry = withImports(manifest, entryKeys, new Set());
  const keys = Object.keys(manifest);
  const routeFiles = [...new Set(keys.map((key) => routeKey.exec(key)?.[1]).filter(Boolean))];

  const routes: RoutePreloads[] = [];
  for (const routeFile of routeFiles as string[]) {
    const pattern = pathPattern(routeFile);
    if (!pattern) continue;
    const segments = routeFile.split("/");
    // The route's own chunks and those of each layout above it, outermost first; its loader's
    // first of all, as the page's data requests wait for it (and the tRPC client) alone, while
    // the browser fetches a long list a few files at a time.
    const owners = segments.map((_, i) => segments.slice(0, i + 1).join("/"));
    const chunkKeys = owners
      .flatMap((owner) =>
        keys.filter((key) => key.startsWith(`src/routes/${owner}.tsx?tsr-split=`)),
      )
      .sort((a, b) => Number(isLoader(b)) - Number(isLoader(a)));
    const signedIn = segments[0] === "_app" ? signedInModules : [];
    const files = withImports(manifest, [...signedIn, ...chunkKeys], new Set());
    routes.push({ pattern, files: [...files].filter((file) => !loadedByEntry.has(file)) });
  }
  // A literal path wins over a parameter that would also match it.
  const parameters = (route: RoutePreloads) => route.pattern.source.split("[^/]+").length;
  routes.sort((a, b) => parameters(a) - parameters(b));

  return (path) => routes.find((route) => route.pattern.test(path))?.files ?? [];
}

/** The HTML with a `modulepreload` link per file, as Vite writes the entry's own. */
export function withPreloadLinks(html: string, files: string[]): string {
  if (files.length === 0) return html;
  const links = files
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join("\n    ");
  return html.replace("</head>", `  ${links}\n  </head>`);
}
