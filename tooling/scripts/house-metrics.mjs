#!/usr/bin/env node
// Measures the "Done means" figures of issue 30 on the tree it runs in, so the
// before/after numbers in a closing note can be reproduced by anyone:
//   node tooling/scripts/house-metrics.mjs [--list]
// Source = apps/*/src and packages/*/src, minus tests and generated files.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "../..");
const list = process.argv.includes("--list");
const isTest = (f) => /\.(test|spec)\.tsx?$|\/(test|tests|__tests__)\//.test(f);
const isGenerated = (f) => /\.gen\.tsx?$/.test(f);
const files = execFileSync("git", ["ls-files", "apps", "packages"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter(
    (f) =>
      /^(apps|packages)\/[^/]+\/src\/.*\.(ts|tsx|mts)$/.test(f) &&
      !f.endsWith(".d.ts") &&
      !isTest(f),
  );
const source = files.filter((f) => !isGenerated(f));
const show = (title, value, items = []) => {
  console.log(`${title}: ${value}`);
  if (list) for (const item of items) console.log(`  ${item}`);
};

// Import graph: every import/export-from/import() naming a module, type-only ones too
// (a type import still ties the files together for a reader).
const options = {
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  module: ts.ModuleKind.ESNext,
  jsx: ts.JsxEmit.ReactJSX,
  allowImportingTsExtensions: true,
};
const edges = new Map();
for (const file of files) {
  const abs = path.join(root, file);
  const info = ts.preProcessFile(readFileSync(abs, "utf8"), true, true);
  const targets = new Set();
  for (const { fileName } of info.importedFiles) {
    const resolved = ts.resolveModuleName(fileName, abs, options, ts.sys).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport) continue;
    const target = path.relative(root, ts.sys.realpath(resolved.resolvedFileName));
    if (!target.startsWith("..") && !target.includes("node_modules")) targets.add(target);
  }
  edges.set(file, targets);
}

// Circles = strongly connected components of more than one file (Tarjan).
const circles = [];
{
  let index = 0;
  const state = new Map();
  const stack = [];
  const visit = (v) => {
    const s = { index, low: index++, onStack: true };
    state.set(v, s);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      const t = state.get(w);
      if (!t) {
        visit(w);
        s.low = Math.min(s.low, state.get(w).low);
      } else if (t.onStack) s.low = Math.min(s.low, t.index);
    }
    if (s.low === s.index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        state.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) circles.push(component.sort().join(" <-> "));
    }
  };
  for (const v of edges.keys()) if (!state.has(v)) visit(v);
}
show("import circles", circles.length, circles);

const upArrows = [...edges].flatMap(([from, to]) =>
  from.startsWith("packages/")
    ? [...to].filter((t) => t.startsWith("apps/")).map((t) => `${from} -> ${t}`)
    : [],
);
show("arrows from packages to apps", upArrows.length, upArrows);

const folders = new Map();
for (const f of source) folders.set(path.dirname(f), (folders.get(path.dirname(f)) ?? 0) + 1);
const largest = [...folders].sort((a, b) => b[1] - a[1]);
show(
  "files in the largest folder",
  `${largest[0][1]} (${largest[0][0]})`,
  largest.slice(1, 6).map(([d, n]) => `${n} ${d}`),
);

// Functions over 80 lines: every function-like node, counted by its whole span
// (nested functions included), plus the count by its own lines alone.
const long = [];
let ownLong = 0;
for (const file of source) {
  const text = readFileSync(path.join(root, file), "utf8");
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const lineOf = (pos) => sf.getLineAndCharacterOfPosition(pos).line;
  const span = (n) => lineOf(n.getEnd()) - lineOf(n.getStart(sf)) + 1;
  const walk = (node, owner) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const lines = span(node);
      let inner = 0;
      const measureInner = (n) => {
        if (ts.isFunctionLike(n) && "body" in n && n.body) inner += span(n);
        else ts.forEachChild(n, measureInner);
      };
      ts.forEachChild(node.body, measureInner);
      if (lines > 80)
        long.push(`${lines} ${file}:${lineOf(node.getStart(sf)) + 1} ${nameOf(node)}`);
      if (lines - inner > 80) ownLong++;
    }
    ts.forEachChild(node, (child) => walk(child, owner));
  };
  walk(sf);
}
function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)))
    return parent.name.getText();
  if (parent && ts.isCallExpression(parent))
    return `(argument of ${parent.expression.getText().slice(0, 40)})`;
  return "(anonymous)";
}
long.sort((a, b) => parseInt(b) - parseInt(a));
show("functions over 80 lines", `${long.length} (${ownLong} counting only their own lines)`, long);

// duplicates over a copy holding only the source files measured above.
const copy = mkdtempSync(path.join(tmpdir(), "house-metrics-"));
for (const f of source) {
  mkdirSync(path.join(copy, path.dirname(f)), { recursive: true });
  cpSync(path.join(root, f), path.join(copy, f));
}
const dup = execFileSync("duplicates", ["--repo", copy, "--most", "200", "--seconds", "300"], {
  encoding: "utf8",
});
rmSync(copy, { recursive: true, force: true });
const rows = dup.split("\n").filter((l) => /^D\d+ /.test(l));
const exact = rows.filter((l) => !/ shape\b/.test(l));
const pairs = Number(/^(\d+) pairs/.exec(dup)?.[1] ?? 0);
// Issue 30's target counts the pairs duplicates does not mark boilerplate (decision 0068); it
// lists those first, so all of them are among the 200 rows while they number under 200.
const boilerplate = Number(/(\d+) of those marked boilerplate/.exec(dup)?.[1] ?? 0);
const substantive = rows.filter((l) => !/ boilerplate\b/.test(l));
show(
  "duplicates pairs in source",
  `${pairs - boilerplate} not boilerplate of ${pairs} (${exact.length} exact${rows.length < pairs ? " among the 200 listed" : ""})`,
  [...exact, ...substantive],
);

// One of each idea: where each is implemented.
const grep = (re, within = source) =>
  within.filter((f) => re.test(readFileSync(path.join(root, f), "utf8")));
const decimals = grep(
  /export (function|const) (add|multiply|divide|roundHalf\w*)\b|export (class|type|interface) Decimal\b/,
);
const clocks = grep(/export (interface|type|class) Clock\b/);
// A rate-limit mechanism = a limiter library in use, or a limiter class not built on one.
const limitLibraries = ["@fastify/rate-limit", "rate-limiter-flexible"].filter(
  (lib) => grep(new RegExp(`from ["']${lib}["']`)).length,
);
const ownLimiters = grep(/export class \w*(RateLimit|Throttle|TokenBucket)\w*/).filter(
  (f) => !grep(/from ["']rate-limiter-flexible["']/, [f]).length,
);
const limits = [...limitLibraries, ...ownLimiters];
show("decimal implementations", decimals.length, decimals);
show("clock implementations", clocks.length, clocks);
show("rate-limit implementations", limits.length, limits);

const direct = source
  .filter((f) => f.startsWith("apps/web/src/"))
  .flatMap((f) =>
    [
      ...readFileSync(path.join(root, f), "utf8").matchAll(
        /\btrpcClient\.[\w.]+\.(mutate|query)\(/g,
      ),
    ].map((m) => `${f}: ${m[0]}`),
  );
show("direct trpcClient calls in web", direct.length, direct);
