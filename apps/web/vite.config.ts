/// <reference types="vitest/config" />
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { open, readFile, rename, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import * as zlib from "node:zlib";
import { defineConfig, type Plugin, type Rolldown } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { decodeVlq, encodeVlq } from "./source-map-vlq";

const frameworkModules =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store))[\\/]/;
// The store's Store class and its useStore alias serve only the form library (the router uses
// atoms and useSelector): left out of the framework, they load with the forms, not on every page.
const formOnlyStoreModules =
  /[\\/]@tanstack[\\/](store[\\/]dist[\\/]store|react-store[\\/]dist[\\/]useStore)\.js$/;

/**
 * The languages with a build of their own besides English (decision 0065), chosen by Vite's mode
 * (`vite build --mode de`); any other mode (production, test, development) builds English.
 */
const otherLanguages = new Set(["de", "es"]);

/**
 * Work the builds of one `scripts/build.mjs` run share (issue 35): the three languages' browser
 * builds and the server-side build run side by side, and much of their work does not depend on
 * the language (the router plugin's code splitting of every route file; the compressed copies of
 * the framework's, the charts' and other chunks that come out the same in every language). Each
 * such result is kept in the folder build.mjs names in `LEDGERLINE_WEB_BUILD_SHARE`, under the
 * hash of everything it is computed from; the first build to claim a result computes it, the
 * others read it when it is written. A plain `vite build` (no folder) computes everything itself:
 * the output is the same bytes either way.
 */
// eslint-disable-next-line no-restricted-properties -- set by scripts/build.mjs for its builds
const folder = process.env.LEDGERLINE_WEB_BUILD_SHARE;

/** How long a build waits for a result another one claimed before computing it itself. */
const WAIT_MS = 120_000;

async function shared(
  parts: readonly (string | Uint8Array)[],
  compute: () => Promise<Buffer>,
): Promise<Buffer> {
  if (!folder) return compute();
  const hash = createHash("sha256");
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  const file = join(folder, hash.digest("hex"));
  try {
    return await readFile(file);
  } catch {
    // not there yet
  }
  let claim;
  try {
    claim = await open(`${file}.claim`, "wx");
  } catch {
    // Another build is computing it (or died doing so: then this one computes it after a while).
    for (const started = Date.now(); Date.now() - started < WAIT_MS; await sleep(20)) {
      try {
        return await readFile(file);
      } catch {
        // not yet
      }
    }
    return compute();
  }
  const result = await compute();
  await writeFile(`${file}.${process.pid}`, result);
  await rename(`${file}.${process.pid}`, file);
  await claim.close();
  return result;
}

const gzip = promisify(zlib.gzip);
const brotliCompress = promisify(zlib.brotliCompress);
const bytesOf = (input: zlib.InputType): Buffer =>
  typeof input === "string"
    ? Buffer.from(input)
    : ArrayBuffer.isView(input)
      ? Buffer.from(input.buffer, input.byteOffset, input.byteLength)
      : Buffer.from(input);

/** gzip (level 9 unless told otherwise), each distinct content compressed once per run. */
const sharedGzip = (input: zlib.InputType, options: object = { level: 9 }) => {
  const bytes = bytesOf(input);
  return shared(["gzip", JSON.stringify(options), bytes], () => gzip(bytes, options));
};

/** brotli (quality 11 unless told otherwise), each distinct content compressed once per run. */
const sharedBrotli = (input: zlib.InputType, options: object = {}) => {
  const bytes = bytesOf(input);
  return shared(["brotli", JSON.stringify(options), bytes], () => brotliCompress(bytes, options));
};

type TransformResult = { code: string; map?: unknown } | null | undefined;
type TransformHandler = (code: string, id: string) => TransformResult;

/**
 * The router plugin's code splitting (Babel: ~3 s of CPU per build), done once per route file
 * and split for all the run's builds: its results depend on the file's text, its path and the
 * plugin's options, which are the same in every build of the run, not on the language.
 *
 * The plugin keeps one piece of state between its transforms: the bindings a route file shares
 * between its split chunks, recorded when the file itself is compiled and read when its chunks
 * (`?tsr-split=`, `?tsr-shared=`) are. A build that computes a chunk whose file another build
 * compiled compiles the file first, so that the state is there.
 */
function sharedRouterTransforms(option: Plugin | Plugin[]): Plugin[] {
  const plugins = [option].flat();
  if (!folder) return plugins;
  const handlers = new Map<string, TransformHandler>();
  for (const plugin of plugins) {
    const transform = plugin.transform;
    if (
      plugin.name.startsWith("tanstack-router:code-splitter:") &&
      transform &&
      typeof transform === "object" &&
      typeof transform.handler === "function"
    )
      handlers.set(plugin.name, transform.handler as unknown as TransformHandler);
  }
  const compileFile = handlers.get("tanstack-router:code-splitter:compile-reference-file");
  if (!compileFile || handlers.size !== 3)
    throw new Error("sharedRouterTransforms: the router plugin's transforms are not as expected");
  const compiledHere = new Set<string>();
  const encode = (result: TransformResult) => JSON.stringify(result ?? null);
  for (const plugin of plugins) {
    const handler = handlers.get(plugin.name);
    if (!handler || typeof plugin.transform !== "object") continue;
    const ownFile = handler === compileFile;
    plugin.transform.handler = async function (code: string, id: string) {
      const file = id.split("?")[0]!;
      const bytes = await shared([plugin.name, id, code], async () => {
        if (ownFile) compiledHere.add(file);
        else if (!compiledHere.has(file)) {
          compileFile.call(this, code, file);
          compiledHere.add(file);
        }
        return Buffer.from(encode(handler.call(this, code, id)));
      });
      return JSON.parse(Buffer.from(bytes).toString("utf8")) as TransformResult;
    } as typeof plugin.transform.handler;
  }
  return plugins;
}

/**
 * The compiled messages import Paraglide's runtime.js for the locale (~1.1 KB gzip on every page):
 * their import is pointed at the app's own locale module, whose constant folds each message to
 * one text.
 */
function messagesReadAppLocale(language: string | undefined): Plugin {
  const localeModule = resolve(import.meta.dirname, "src/lib/locale.ts");
  return {
    name: "messages-read-app-locale",
    enforce: "pre",
    resolveId(source, importer) {
      if (
        source === "../runtime.js" &&
        importer &&
        /[\\/]paraglide[\\/]messages[\\/]/.test(importer)
      )
        return localeModule;
      return undefined;
    },
    // With one language, a message is that language's function itself: the dispatching wrapper
    // the compiler writes around it cost ~12 B gzip per message on the first route.
    transform(code, id) {
      if (!language) return undefined;
      const file = /[\\/]paraglide[\\/]messages[\\/](\w+)\.js$/.exec(id);
      if (!file || file[1] === "_index") return undefined;
      const key = file[1];
      const start = code.indexOf(`export const ${key} = `);
      if (start < 0 || !code.includes(`const ${language}_${key} = `)) return undefined;
      return {
        code: `${code.slice(0, start)}export const ${key} = ${language}_${key};\n`,
        map: null,
      };
    },
    // The page says its language, for screen readers' voices and the browser's translation offer.
    transformIndexHtml: (html) => html.replace('<html lang="en"', `<html lang="${language}"`),
  };
}

/**
 * The router's store reads React's own useSyncExternalStore through the package's shim, whose
 * fallback for React before 18 (~0.4 KB gzip) every page loaded; on React 19 the shim hands back
 * React's hook, as the shim-free build of the same selector hook reads it directly.
 */
function selectorWithoutShim(): Plugin {
  return {
    name: "selector-without-shim",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "use-sync-external-store/shim/with-selector") return undefined;
      return this.resolve("use-sync-external-store/with-selector", importer, { skipSelf: true });
    },
  };
}

/** Characters taken out of a generated line: `removed` of them, ending at column `end` before. */
interface Cut {
  line: number;
  end: number;
  removed: number;
}

/**
 * A source map's mappings with each generated column past a cut moved left by what was cut before
 * it on its line (a segment inside a cut moves to the cut's start). Columns are the first of each
 * segment's base-64 VLQ fields, relative to the line's previous segment.
 */
function shiftColumns(mappings: string, cuts: Cut[]): string {
  const lines = mappings.split(";");
  for (let index = 0; index < lines.length; index++) {
    const onLine = cuts.filter((cut) => cut.line === index);
    if (onLine.length === 0 || !lines[index]) continue;
    let previous = 0;
    let previousShifted = 0;
    lines[index] = lines[index]!.split(",")
      .map((segment) => {
        const fields = decodeVlq(segment);
        const column = previous + fields[0]!;
        previous = column;
        let shifted = column;
        for (const cut of onLine)
          if (column >= cut.end) shifted -= cut.removed;
          else if (column > cut.end - cut.removed) shifted -= column - (cut.end - cut.removed);
        fields[0] = shifted - previousShifted;
        previousShifted = shifted;
        return fields.map(encodeVlq).join("");
      })
      .join(",");
  }
  return lines.join(";");
}

/**
 * The lists of files each lazily imported chunk needs preloaded beside it (Vite's
 * `__vite__mapDeps`), taken out of the chunks every page loads (the entry and its imports): ~210
 * hashed file names and ~80 index lists, ~2.3 KB gzip of the route definitions' chunk on / and
 * /login. They go to a file of their own, assets/preload-lists-<hash>.js, which src/lib/
 * preload-lists.ts loads at the reader's first input; until then a lazy import preloads nothing
 * and its chunk's imports load as the chunk names them. Each call's list becomes a number, and
 * the chunk's source map is shifted by what each call lost (it was padded to its old length with
 * spaces: ~190 B gzip of the route definitions' chunk).
 */
function preloadListsLater(): Plugin {
  const placeholder = "preload-lists-________.js";
  const definition =
    /^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>i\.map\(i=>d\[i\]\);\n/;
  const call = /__vite__mapDeps\((\[[\d,]*\])\)/g;
  return {
    name: "preload-lists-later",
    apply: "build",
    generateBundle: {
      // After Vite's own generateBundle has written the lists in.
      order: "post",
      async handler(_options, bundle) {
        const chunk = (file: string) => bundle[file] as Rolldown.OutputChunk;
        const entry = Object.values(bundle).find(
          (output): output is Rolldown.OutputChunk => output.type === "chunk" && output.isEntry,
        );
        if (!entry || this.environment.config.build.ssr) return;
        const firstLoad = new Set<string>();
        const visit = (file: string) => {
          if (firstLoad.has(file)) return;
          firstLoad.add(file);
          chunk(file).imports.forEach(visit);
        };
        visit(entry.fileName);
        const codeBefore = new Map([...firstLoad].map((file) => [file, chunk(file).code]));
        const lists: string[][] = [];
        for (const file of firstLoad) {
          const { code } = chunk(file);
          const found = definition.exec(code);
          if (!found) {
            if (code.includes("__vite__mapDeps"))
              this.error(`${file}: Vite's __vite__mapDeps is not as preloadListsLater expects`);
            continue;
          }
          const files = JSON.parse(found[1]!) as string[];
          // The definition is one line before and after: the lines below keep their numbers.
          const body = code.slice(found[0].length);
          const cuts: Cut[] = [];
          let line = 1;
          let lineStart = 0;
          let scanned = 0;
          const shortened = body.replace(call, (whole, indices: string, offset: number) => {
            for (; scanned < offset; scanned++)
              if (body[scanned] === "\n") [line, lineStart] = [line + 1, scanned + 1];
            lists.push((JSON.parse(indices) as number[]).map((index) => files[index]!));
            const short = `__vite__mapDeps(${lists.length - 1})`;
            cuts.push({
              line,
              end: offset - lineStart + whole.length,
              removed: whole.length - short.length,
            });
            return short;
          });
          chunk(file).code =
            "const __vite__mapDeps=k=>globalThis.__preloadLists?.[k]??[];\n" + shortened;
          // The map is in two places by now: the chunk's, and the .map file Vite's import analysis
          // put in the bundle after combining its own edits into it (written as it stands).
          const map = chunk(file).map;
          if (map) {
            const shifted = { ...map, mappings: shiftColumns(map.mappings, cuts) };
            chunk(file).map = shifted;
            const mapFile = bundle[`${file}.map`];
            if (mapFile?.type === "asset") mapFile.source = JSON.stringify(shifted);
          }
        }
        const source = `globalThis.__preloadLists=${JSON.stringify(lists)};\n`;
        const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
        const name = placeholder.replace("________", hash);
        const loaders = [...firstLoad].filter((file) => chunk(file).code.includes(placeholder));
        if (loaders.length !== 1)
          this.error(`preloadListsLater: ${loaders.length} first-load chunks name ${placeholder}`);
        chunk(loaders[0]!).code = chunk(loaders[0]!).code.replace(placeholder, name);
        this.emitFile({ type: "asset", fileName: `assets/${name}`, source });
        // The compressed copies (the compression plugin below has made them already, of the
        // chunks as they were): made again of the chunks that changed, and made of the new file
        // and of the first-load chunks too small for the plugin (the runtime's). The framework's
        // chunk, the largest, holds no list: its copies stand.
        const changed = [...firstLoad].filter(
          (file) => chunk(file).code !== codeBefore.get(file) || !bundle[`${file}.gz`],
        );
        const compressed = { gz: sharedGzip, br: sharedBrotli };
        await Promise.all(
          [
            ...changed.map((file) => [file, chunk(file).code] as const),
            [`assets/${name}`, source] as const,
          ].flatMap(([file, code]) =>
            Object.entries(compressed).map(async ([extension, compress]) => {
              const copy = bundle[`${file}.${extension}`];
              const bytes = await compress(code);
              if (copy?.type === "asset") copy.source = bytes;
              else if (!copy)
                this.emitFile({ type: "asset", fileName: `${file}.${extension}`, source: bytes });
            }),
          ),
        );
      },
    },
  };
}

const namedChunks = new Set([
  "framework",
  "rolldown-runtime",
  "lightweight-charts",
  "forms",
  "query",
  "routes",
]);

/**
 * The unit tests in three projects, one after another (`sequence.groupOrder`), so that a worker
 * is handed file after file of one environment and keeps its imports (vitest reuses a shared
 * worker only for a file of the same project and environment):
 * - `node` and `dom` (happy-dom, the files whose docblock asks for it): shared modules; a file
 *   must leave no module state, global, timer or DOM behind (test/support/between-files.ts puts
 *   back the DOM, storage, timers and stubbed globals after each file).
 * - `isolated`: the files that mock a module, reset the module registry, or import a module
 *   inside a test to see what importing it does (a module another file imported first would be
 *   the cached one, and the test would see nothing); each gets fresh modules, as before.
 */
function testProjects() {
  const testFiles = readdirSync(join(import.meta.dirname, "test"), { recursive: true })
    .map((file) => join("test", String(file)))
    .filter((file) => /\.test\.tsx?$/.test(file));
  const source = new Map(
    testFiles.map((file) => [file, readFileSync(join(import.meta.dirname, file), "utf8")]),
  );
  const isolated = testFiles.filter((file) =>
    /\bvi\.(mock|doMock|resetModules)\(|\bawait import\(/.test(source.get(file)!),
  );
  const onDom = (file: string) => /@vitest-environment happy-dom\b/.test(source.get(file)!);
  const shared = (name: string, environment: string, include: string[], order: number) => ({
    extends: true as const,
    test: {
      name,
      environment,
      include,
      isolate: false,
      setupFiles: ["test/support/between-files.ts"],
      sequence: { groupOrder: order },
    },
  });
  const sharable = testFiles.filter((file) => !isolated.includes(file));
  const [dom, node] = [sharable.filter(onDom), sharable.filter((file) => !onDom(file))];
  return [
    shared("dom", "happy-dom", dom, 0),
    shared("node", "node", node, 1),
    {
      extends: true as const,
      test: { name: "isolated", include: isolated, isolate: true, sequence: { groupOrder: 2 } },
    },
  ];
}

export default defineConfig(({ mode, isSsrBuild }) => {
  const language = otherLanguages.has(mode) ? mode : "en";
  // The server-side build (`--ssr src/prerender.tsx`) only feeds scripts/prerender.mjs at build
  // time and is never served: it skips what only the served files need (compressed copies,
  // source maps, the manifest, the public folder's files), which cost the first `pnpm start`
  // seconds per language (issue 35). The service worker plugin stays: the app imports its
  // register module, and it writes no worker for a server-side build.
  const servedOnly = <T>(value: T): T | false => !isSsrBuild && value;
  return {
    publicDir: servedOnly("public"),
    // One server-side build renders every language: its messages keep all their texts, and the
    // language is read when it loads, from the global scripts/prerender.mjs sets (three builds of
    // it, one per language, were a third of the web build's time; issue 35).
    define: {
      __WEB_LANGUAGE__: isSsrBuild ? "globalThis.__PRERENDER_LANGUAGE__" : JSON.stringify(language),
    },
    plugins: [
      messagesReadAppLocale(isSsrBuild ? undefined : language),
      selectorWithoutShim(),
      preloadListsLater(),
      sharedRouterTransforms(
        tanstackRouter({
          target: "react",
          autoCodeSplitting: true,
          // A loader is a chunk of its own (~150-300 B gzip), not part of the route definitions'
          // chunk, which / and /login load too, within their 105.5 KB: the signed-in pages' loaders took
          // that over. A first load does not wait for it: the API names it among the page's code to
          // preload (apps/api page-preloads.ts), with the tRPC client the signed-in layout loads
          // before any loader runs. A link preloads it as it is approached (defaultPreload 'intent').
          codeSplittingOptions: {
            defaultBehavior: [
              ["loader"],
              ["component"],
              ["pendingComponent", "errorComponent", "notFoundComponent"],
            ],
            // The signed-in layout's loading state stays with its route's definition: it is shown on
            // a first load, when a chunk of its own would wait behind the router's generic layout.
            splitBehavior: ({ routeId }) =>
              routeId === "/_app"
                ? [["component"], ["errorComponent", "notFoundComponent"]]
                : undefined,
          },
        }),
      ),
      react(),
      tailwindcss(),
      // The installable app: its manifest, and a Workbox service worker that keeps the app's files
      // for reading offline (docs/decisions, "installable and readable offline"). The signed-in
      // layout registers it after its first paint (lib/offline): nothing of it is in the public
      // pages' first load. A new version waits for the reader's Reload ('prompt').
      VitePWA({
        registerType: "prompt",
        injectRegister: false,
        // Each language's worker has a script of its own (/sw.js English, /sw-de.js German): a
        // page of the new language registers it after a switch, and seeing another language's
        // worker running, lets it take over at once (lib/offline), so offline opens the app in the
        // chosen language. (Under one name the old language's worker stayed, the new one waiting.)
        filename: language === "en" ? "sw.js" : `sw-${language}.js`,
        manifest: {
          id: "/",
          name: "Ledgerline",
          short_name: "Ledgerline",
          description: "Track your US stocks and cryptocurrencies, with exact gain and loss.",
          start_url: "/landing",
          scope: "/",
          display: "standalone",
          // The light theme's colours; index.html's theme-color metas give the dark ones.
          theme_color: "#0f766e",
          background_color: "#f6f7f9",
          icons: [
            { src: "/pwa-64x64.png", sizes: "64x64", type: "image/png" },
            { src: "/pwa-192x192.png", sizes: "192x192", type: "image/png" },
            { src: "/pwa-512x512.png", sizes: "512x512", type: "image/png" },
            {
              src: "/maskable-icon-512x512.png",
              sizes: "512x512",
              type: "image/png",
              purpose: "maskable",
            },
          ],
        },
        workbox: {
          globPatterns: ["**/*.{js,css,html,svg,png,ico}"],
          // The API serves the prerendered pages online; offline, any page opens from index.html.
          globIgnores: ["prerendered/**"],
          // A page is always asked of the server first (the prerendered HTML, the newest version);
          // only when that fails does the kept index.html open the app.
          navigateFallback: null,
          runtimeCaching: [
            {
              urlPattern: ({ request, url }) =>
                request.mode === "navigate" && !url.pathname.startsWith("/api/"),
              handler: "NetworkOnly",
              options: { precacheFallback: { fallbackURL: "/index.html" } },
            },
          ],
          cleanupOutdatedCaches: true,
          // The first version takes the open page at once, so it reads offline from its first
          // visit; later versions wait for the reader (the Reload prompt).
          clientsClaim: true,
          skipWaiting: false,
          sourcemap: false,
        },
      }),
      // The API serves these pre-compressed files as they are, so no request pays for compression.
      servedOnly(
        compression({
          // gzip level 9 and brotli quality 11, as the plugin's own algorithms; each distinct file
          // compressed once for all the languages' builds of a run (sharedGzip, sharedBrotli).
          algorithms: [
            [sharedGzip, { level: 9 }],
            [sharedBrotli, {}],
          ],
          filename: (_file, { algorithm }) =>
            algorithm === sharedBrotli ? "[path][base].br" : "[path][base].gz",
          threshold: 1024,
        }),
      ),
    ],
    build: {
      target: "es2022",
      sourcemap: !isSsrBuild,
      manifest: !isSsrBuild,
      modulePreload: {
        // No polyfill (~0.3 KB gzip in the entry, which every page loads): every browser the es2022
        // target runs on but Safari before 17 knows modulepreload, and there a preload it ignores
        // only loads when imported, as the polyfill's fetch would have loaded it earlier.
        polyfill: false,
        // What a lazily imported chunk preloads leaves out the framework and the bundler's runtime:
        // the entry imports both, so they are loaded before anything is imported lazily, and every
        // list naming them is bytes in the route definitions' chunk that every page loads. (The
        // HTML's preloads of the entry's imports stay.)
        resolveDependencies: (_file, deps, { hostType }) =>
          hostType === "js"
            ? deps.filter((dep) => !/^assets\/(framework|rolldown-runtime)-/.test(dep))
            : deps,
      },
      rolldownOptions: {
        output: {
          // The route definitions' chunk, which every page loads, lists each lazily loaded chunk's
          // file with the files it needs preloaded (~160 names); the automatic chunks' names added
          // ~460 B gzip to it. The named groups below keep their names: tests and people look for
          // them, and there are few.
          chunkFileNames: ({ name }) =>
            namedChunks.has(name) ? "assets/[name]-[hash].js" : "assets/[hash].js",
          // Every page needs the framework and every route's small definition (path, search
          // validation, guards); as dozens of tiny chunks they cost more bytes and requests than
          // as two. Route components and heavy libraries still load with their route.
          advancedChunks: {
            groups: [
              {
                // (Not the icon library's core: the icons the public pages draw are the app's own,
                // components/ui/icons; lucide-react loads with the signed-in pages.)
                name: "framework",
                test: (id: string) => frameworkModules.test(id) && !formOnlyStoreModules.test(id),
                priority: 2,
              },
              {
                // Charting code, loaded only where a chart is shown, under its own name.
                name: "lightweight-charts",
                test: /[\\/]node_modules[\\/](lightweight-charts|fancy-canvas)[\\/]/,
                priority: 2,
              },
              {
                // The account forms' building blocks: every public form page needs most of them, and
                // one chunk of them costs fewer bytes and requests than six tiny ones. The sign-in
                // page's words too: the other form pages share some ("Password", "Email"), and each
                // shared message was a ~90 B chunk of its own on /login.
                name: "forms",
                test: /[\\/]src[\\/]components[\\/](AuthCard|ui[\\/](Alert|Card|Field|PageHeader|PasswordField))\.tsx$|[\\/]paraglide[\\/]messages[\\/]login_[a-z0-9_]+\.js$/,
                priority: 1,
              },
              {
                // The query cache and the tRPC client, which every signed-in page loads (its layout
                // imports lib/trpc) and no public page does: as one chunk instead of ~14 they are
                // fewer names in every signed-in route's preload list, which the route definitions'
                // chunk carries onto / and /login. (Not the client log: the public forms use it.)
                name: "query",
                test: /[\\/]node_modules[\\/](@tanstack[\\/](query-core|react-query)|@trpc[\\/](client|server|tanstack-react-query))[\\/]|[\\/]src[\\/]lib[\\/](trpc|trpc-client|query-client|server-contact)\.ts$/,
                // Only these: their own imports (the session, the error texts and the client log,
                // which the public pages use too) stay where they are.
                includeDependenciesRecursively: false,
                priority: 1,
              },
              {
                name: "routes",
                // With the two helpers every page's navbar uses, which would otherwise sit in the
                // forms chunk and drag it onto pages without a form, and the button, which the home
                // and sign-in pages both draw (alone it is a chunk of its own on both).
                test: (id: string) =>
                  /[\\/]src[\\/](components[\\/]ui[\\/](cx\.ts|Button\.tsx|icons\.tsx)|lib[\\/]use-is-client\.ts)$/.test(
                    id,
                  ) ||
                  (/[\\/]src[\\/]routes[\\/]/.test(id) &&
                    !id.includes("tsr-split") &&
                    !id.includes("tsr-shared") &&
                    !/[\\/]-components[\\/]/.test(id)),
                priority: 2,
              },
            ],
          },
        },
      },
    },
    server: {
      proxy: { "/api": "http://127.0.0.1:3000" },
    },
    test: {
      // A worker imports React, the router and the app once and runs file after file
      // (isolate: false), as the API suite does (decision 0071): importing anew for each file was
      // most of the suite's time. The files that need modules of their own run isolated.
      projects: testProjects(),
    },
  };
});
