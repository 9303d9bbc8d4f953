/**
 * What the first visit to a prerendered public page loads (issue 35's budget figure), module by
 * module: the page's entry and its imports, the page's own code that /boot.js preloads, and
 * /boot.js, each file's gzip (level 9, as e2e/tests/budget.spec.ts counts it), shared out over
 * the modules in it by the source map, in proportion to the gzip of each module's own bytes.
 *
 *   tsx first-bundle.ts [--dist DIR] [--top N] [page ...]
 *
 * Pages are the names in DIR/prerendered (index, login, register); default index and login.
 * DIR is a built web app (default apps/web/dist; `pnpm --filter @ledgerline/web build` first).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { decodeVlq } from "../apps/web/source-map-vlq";

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const dist = option("--dist") ?? join(import.meta.dirname, "..", "apps", "web", "dist");
const top = Number(option("--top") ?? 25);
const pages = args.length > 0 ? args : ["index", "login"];

interface ManifestChunk {
  file: string;
  imports?: string[];
}
interface SourceMap {
  sources: string[];
  mappings: string;
}

const manifestFile = join(dist, ".vite", "manifest.json");
if (!existsSync(manifestFile)) {
  console.log(`no build at ${dist}: build the web app first`);
  process.exit(0);
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
const gzip = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(2).padStart(7);

function withImports(files: string[], into = new Set<string>()): Set<string> {
  for (const file of files) {
    if (into.has(file)) continue;
    into.add(file);
    withImports(
      (byFile.get(file)?.imports ?? []).map((key) => manifest[key]!.file),
      into,
    );
  }
  return into;
}

/** The generated text of each source (by the map's segments; text before any segment: none). */
function textBySource(code: string, map: SourceMap): Map<string, string[]> {
  const lines = code.split("\n");
  const pieces = new Map<string, string[]>();
  let source = 0;
  map.mappings.split(";").forEach((line, index) => {
    const text = lines[index] ?? "";
    let column = 0;
    const segments = line ? line.split(",").map(decodeVlq) : [];
    segments.forEach((fields, at) => {
      column += fields[0]!;
      const name = fields.length > 1 ? map.sources[(source += fields[1]!)]! : "(unmapped)";
      const next = at + 1 < segments.length ? column + segments[at + 1]![0]! : text.length;
      pieces.set(name, [...(pieces.get(name) ?? []), text.slice(column, next)]);
    });
  });
  return pieces;
}

/** "react-dom cjs/react-dom-client.production.js" or "app src/routes/login.tsx". */
function moduleName(source: string): [pkg: string, module: string] {
  const path = source.replace(/^(\.\.\/)+/, "").replace(/\?.*$/, "");
  const at = path.lastIndexOf("node_modules/");
  if (at < 0) return ["app", path.replace(/^.*?(apps|packages)\//, "$1/")];
  const parts = path.slice(at + "node_modules/".length).split("/");
  const scoped = parts[0]!.startsWith("@");
  const pkg = scoped ? `${parts[0]}/${parts[1]}` : parts[0]!;
  return [pkg, `${pkg} ${parts.slice(scoped ? 2 : 1).join("/")}`];
}

for (const page of pages) {
  const html = readFileSync(join(dist, "prerendered", `${page}.html`), "utf8");
  const entry = /data-entry="\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error(`${page}.html names no entry`);
  const preloads = (/data-preload="([^"]*)"/.exec(html)?.[1] ?? "")
    .split(" ")
    .filter(Boolean)
    .map((file) => file.slice(1));
  const boot = gzip(readFileSync(join(dist, "boot.js")));
  const byPackage = new Map<string, number>([["/boot.js", boot]]);
  const byModule = new Map<string, number>();
  const add = (into: Map<string, number>, key: string, bytes: number) =>
    into.set(key, (into.get(key) ?? 0) + bytes);
  let total = boot;
  console.log(`\n${page}: files`);
  for (const file of withImports([entry, ...preloads])) {
    const code = readFileSync(join(dist, file), "utf8");
    const size = gzip(code);
    total += size;
    console.log(`${kb(size)}  ${file}`);
    const mapFile = join(dist, `${file}.map`);
    if (!existsSync(mapFile)) {
      add(byPackage, file, size);
      continue;
    }
    const own = [...textBySource(code, JSON.parse(readFileSync(mapFile, "utf8")) as SourceMap)];
    const weights = own.map(([source, texts]) => [source, gzip(texts.join(""))] as const);
    const sum = weights.reduce((all, [, weight]) => all + weight, 0);
    for (const [source, weight] of weights) {
      const [pkg, module] = source === "(unmapped)" ? ["(unmapped)", source] : moduleName(source);
      add(byPackage, pkg, (size * weight) / sum);
      add(byModule, module, (size * weight) / sum);
    }
  }
  console.log(`${page}: ${kb(total)} KB gzip in all; by package:`);
  for (const [name, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]))
    console.log(`${kb(bytes)}  ${name}`);
  console.log(`${page}: the ${top} largest modules:`);
  for (const [name, bytes] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${kb(bytes)}  ${name}`);
}
