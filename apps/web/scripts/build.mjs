// Builds the web app in each language (decision 0065): English at dist/, the others at
// dist-<language>/, each with its prerendered pages (scripts/prerender.mjs, from the one
// server-side build at dist-ssr/) and checked to hold no other language's text.
//
// The builds run side by side: one after another they left a core idle most of the time, and were
// most of the first `pnpm start` on a fresh clone (issue 35). Each step's output is printed when
// it ends, not interleaved.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const vite = join(
  dirname(createRequire(import.meta.url).resolve("vite/package.json")),
  "bin/vite.js",
);
const web = join(import.meta.dirname, "..");
const script = (name) => join(import.meta.dirname, name);
// The work the builds share (the router plugin's code splitting, the compressed copies of what
// is the same in every language; vite.config.ts), for this run only.
const share = mkdtempSync(join(tmpdir(), "ledgerline-web-build-"));

function run(label, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: web,
      stdio: ["ignore", "pipe", "pipe"],
      // eslint-disable-next-line no-restricted-properties -- the builds' environment, and the folder
      env: { ...process.env, LEDGERLINE_WEB_BUILD_SHARE: share },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (output.trim())
        console.log(`[${label}] ${output.trim().replaceAll("\n", `\n[${label}] `)}`);
      if (code === 0) resolve();
      else reject(new Error(`${label} failed (exit code ${code})`));
    });
  });
}

// One server-side build for all languages (vite.config.ts); each language's pages wait for it.
const ssr = run("vite ssr", [
  vite,
  "build",
  "--ssr",
  "src/prerender.tsx",
  "--outDir",
  "dist-ssr",
  "--logLevel",
  "warn",
]);

async function buildLanguage(language) {
  const dist = language === "en" ? "dist" : `dist-${language}`;
  const mode = language === "en" ? [] : ["--mode", language];
  await run(`${language} vite`, [vite, "build", ...mode, "--outDir", dist, "--logLevel", "warn"]);
  await ssr;
  await run(`${language} prerender`, [script("prerender.mjs"), dist, "dist-ssr", language]);
  await run(`${language} check`, [script("check-language.mjs"), language, dist]);
}

ssr.catch(() => {}); // reported by the languages that wait for it
const results = await Promise.allSettled(["en", "de", "es"].map(buildLanguage));
const failures = results.filter((result) => result.status === "rejected");
for (const failure of failures) console.error(failure.reason.message);
rmSync(share, { recursive: true, force: true });
process.exit(failures.length ? 1 : 0);
