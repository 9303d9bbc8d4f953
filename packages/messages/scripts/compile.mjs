// Compiles the catalog (messages/*.json) to typed message functions in dist/paraglide.
// The compiler only warns when the inlang project's file plugin fails to load, and then writes an
// empty catalog that type-checks nowhere but silently: the output is checked against en.json here.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compile } from "@inlang/paraglide-js";

const root = join(import.meta.dirname, "..");
const outdir = join(root, "dist/paraglide");
const settings = JSON.parse(readFileSync(join(root, "project.inlang/settings.json"), "utf8"));

const keysOf = (locale) =>
  Object.keys(JSON.parse(readFileSync(join(root, `messages/${locale}.json`), "utf8"))).filter(
    (key) => key !== "$schema",
  );
const source = keysOf(settings.baseLocale);
const problems = [];
for (const locale of settings.locales) {
  const keys = new Set(keysOf(locale));
  const missing = source.filter((key) => !keys.has(key));
  const extra = [...keys].filter((key) => !source.includes(key));
  if (missing.length) problems.push(`${locale}.json lacks ${missing.join(", ")}`);
  if (extra.length) problems.push(`${locale}.json has keys en.json lacks: ${extra.join(", ")}`);
}
// Keys by feature: `<feature>_<text>`, so a feature's texts sort together.
for (const key of source)
  if (!/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(key)) problems.push(`key ${key} is not feature_text`);

await compile({
  project: join(root, "project.inlang"),
  outdir,
  // The browser never loads this runtime (apps/web points the messages' runtime import at its
  // own locale module); the API's tests and tools may, and then pass { locale } per call.
  strategy: ["globalVariable", "baseLocale"],
  // The declarations are emitted by scripts/declarations.mjs, a task of their own (`types`):
  // only type checks and lints read them, and `pnpm start` need not wait for them (issue 35).
  emitTsDeclarations: false,
  emitReadme: false,
  includeEslintDisableComment: true,
});

// The API's own texts (`api_*`, decision 0070) as an entry of their own: the server imports these
// few, not the screens' ~1,500 (2.3 MB of JavaScript, +20 MB of memory when loaded).
const apiKeys = source.filter((key) => key.startsWith("api_"));
const apiEntry = apiKeys.map((key) => `export * from "./messages/${key}.js";`).join("\n");
writeFileSync(join(outdir, "api.js"), `/* eslint-disable */\n${apiEntry}\n`);

const index = readFileSync(join(outdir, "messages/_index.js"), "utf8");
const compiled = source.filter((key) => new RegExp(`\\b${key}\\b`).test(index));
if (compiled.length !== source.length)
  problems.push(`compiled ${compiled.length} of ${source.length} messages (plugin not loaded?)`);
if (problems.length) {
  for (const problem of problems) console.error(`messages: ${problem}`);
  process.exit(1);
}
console.log(`messages: ${source.length} keys in ${settings.locales.join(", ")}`);
// The compiler leaves handles open (its project database) that hold the process ~30 s.
process.exit(0);
