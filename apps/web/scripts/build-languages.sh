#!/bin/sh
# One build per language (decision 0065): English at dist/, the others at dist-<language>/.
set -e
for language in de es; do
  vite build --mode "$language" --outDir "dist-$language" --logLevel warn
  vite build --mode "$language" --ssr src/prerender.tsx --outDir "dist-ssr-$language" --logLevel warn
  node scripts/prerender.mjs "dist-$language" "dist-ssr-$language"
  node scripts/check-language.mjs "$language" "dist-$language"
done
