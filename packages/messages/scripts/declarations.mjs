// The compiled messages' TypeScript declarations (dist-types/paraglide, the package's `types`
// condition), from the JavaScript scripts/compile.mjs wrote to dist/paraglide. A task of its own
// (`types`), which type checks and lints wait for: Vite, esbuild and vitest read the JavaScript
// only, so the first `pnpm start` does not wait for these ~3-5 s of CPU (issue 35).
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const root = join(import.meta.dirname, "..");
const compiled = join(root, "dist/paraglide");
const outdir = join(root, "dist-types/paraglide");
rmSync(outdir, { recursive: true, force: true });

// The compiler's declaration options (its emit-ts-declarations.js), with `noCheck` and `noLib`:
// the output is the same, byte for byte (compared on all 1,934 files when this was written),
// and takes ~5 s of CPU instead of ~8. It has quoted export aliases nowhere to rewrite.
const files = readdirSync(compiled, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith(".js") && file !== "api.js")
  .map((file) => join(compiled, file));
const program = ts.createProgram(files, {
  allowJs: true,
  checkJs: true,
  declaration: true,
  emitDeclarationOnly: true,
  isolatedDeclarations: true,
  esModuleInterop: true,
  noLib: true,
  noCheck: true,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  noEmitOnError: false,
  outDir: outdir,
  rootDir: compiled,
  skipLibCheck: true,
  target: ts.ScriptTarget.ESNext,
});
const emitted = program.emit(undefined, undefined, undefined, true);
if (emitted.emitSkipped) {
  console.error("messages: the declarations were not emitted");
  process.exit(1);
}

// The API's own texts' entry (scripts/compile.mjs writes it): the same re-exports.
const apiEntry = readFileSync(join(compiled, "api.js"), "utf8").replace(
  "/* eslint-disable */\n",
  "",
);
writeFileSync(join(outdir, "api.d.ts"), apiEntry);
console.log(`messages: declarations of ${files.length} files`);
