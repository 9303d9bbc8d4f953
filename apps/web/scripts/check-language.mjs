// Fails the build when its code or prerendered pages hold another language's text (decision 0065:
// each language is a build of its own; a message whose locale constant did not fold would ship
// every language's texts, ~20 B per message per language on the first route).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// Usage: node scripts/check-language.mjs [language] [dist folder]
const language = process.argv[2] ?? "en";
const dist = process.argv[3] ?? join(import.meta.dirname, "..", "dist");
const catalog = join(import.meta.dirname, "..", "..", "..", "packages", "messages", "messages");
const read = (file) => JSON.parse(readFileSync(file, "utf8"));
const own = read(join(catalog, `${language}.json`));

// Texts of the other languages that this one words differently; short ones ("Email") could
// stand in any language's code by chance.
const foreign = new Map();
for (const file of readdirSync(catalog)) {
  const other = file.replace(/\.json$/, "");
  // English texts not yet in the catalog still stand in every build's code.
  if (other === language || other === "en" || !file.endsWith(".json")) continue;
  for (const [key, text] of Object.entries(read(join(catalog, file)))) {
    // The longest stretch between placeholders: "© {year} Ledgerline. ..." is not "© ".
    const piece = text
      .split(/\{[^}]*\}/)
      .reduce((longest, part) => (part.length > longest.length ? part : longest), "");
    if (key !== "$schema" && text !== own[key] && piece.length >= 12)
      foreign.set(piece, `${other}:${key}`);
  }
}

const files = [
  ...readdirSync(join(dist, "assets"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => join(dist, "assets", name)),
  ...readdirSync(join(dist, "prerendered"), { recursive: true })
    .filter((name) => String(name).endsWith(".html"))
    .map((name) => join(dist, "prerendered", String(name))),
];
const found = [];
for (const file of files) {
  const text = readFileSync(file, "utf8");
  for (const [words, key] of foreign) if (text.includes(words)) found.push(`${key} in ${file}`);
}
if (found.length) {
  console.error(`The ${language} build holds other languages' texts:\n${found.join("\n")}`);
  process.exit(1);
}
console.log(
  `${language} build: none of ${foreign.size} other-language texts in ${files.length} files`,
);
