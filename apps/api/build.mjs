// Bundles the server and its workspace packages (which ship TypeScript source) into dist/;
// npm dependencies stay external and load from this package's node_modules, so every one the
// bundle imports must be a dependency of @ledgerline/server; the build fails if one is not.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import { basename, dirname } from "node:path";
import { build } from "esbuild";

const requireFromApi = createRequire(new URL("./package.json", import.meta.url));

function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

// `node build.mjs dist-mine` builds elsewhere under apps/api (node_modules must stay reachable);
// a second argument bundles another entry point there (bench/import.ts runs its server so).
const outdir = process.argv[2] ?? "dist";
const entry = process.argv[3] ?? "src/server.ts";
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [entry],
  outdir,
  outbase: dirname(entry),
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  // What a module loads with import() only (the PostgreSQL driver on SQLite) goes to a chunk of
  // its own, with its npm imports: put in the one bundle, they would be imported at start.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "external-npm-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith("@ledgerline/")) return undefined;
          if (!isBuiltin(args.path)) {
            const name = packageName(args.path);
            try {
              requireFromApi.resolve(`${name}/package.json`);
            } catch {
              try {
                requireFromApi.resolve(name);
              } catch {
                return {
                  errors: [
                    {
                      text: `${name} is imported by the server but is not a dependency of @ledgerline/server`,
                    },
                  ],
                };
              }
            }
          }
          return { path: args.path, external: true };
        });
      },
    },
  ],
});
// V8 holds a script's source as one string, and one character above U+00FF makes it a two-byte
// string: 1.4 MB more of an idle server's memory (issue 35, decision 0066). esbuild escapes such
// characters in strings; the comments it keeps it copies as written.
const outputs = [
  basename(entry).replace(/\.ts$/, ".js"),
  ...(existsSync(`${outdir}/chunks`) ? readdirSync(`${outdir}/chunks`) : [])
    .filter((name) => name.endsWith(".js"))
    .map((name) => `chunks/${name}`),
];
for (const output of outputs) {
  const bundle = readFileSync(`${outdir}/${output}`, "utf8");
  const wide = /[\u0100-\u{10ffff}]/u.exec(bundle);
  if (wide) {
    const line = bundle.slice(0, wide.index).split("\n").length;
    const text = bundle.split("\n")[line - 1].trim();
    throw new Error(
      `The server bundle's ${output} line ${line} has a character above U+00FF (write it as ASCII, or as an escape in a string): ${text}`,
    );
  }
}
cpSync("../../packages/db/drizzle", `${outdir}/drizzle`, { recursive: true });
cpSync("../../packages/db/drizzle-pg", `${outdir}/drizzle-pg`, { recursive: true });
