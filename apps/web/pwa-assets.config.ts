import { defineConfig, minimal2023Preset } from "@vite-pwa/assets-generator/config";

// The installed app's icons, drawn from the favicon (`pnpm --filter @ledgerline/web icons`); the
// PNGs are committed, so a build does not need sharp. The favicon.ico stays the hand-made one.
export default defineConfig({
  headLinkOptions: { preset: "2023" },
  preset: {
    ...minimal2023Preset,
    transparent: { ...minimal2023Preset.transparent, favicons: [] },
    // A launcher crops a maskable icon to its own shape: the mark sits in the safe zone on the
    // brand colour, so no white corners show.
    maskable: {
      ...minimal2023Preset.maskable,
      padding: 0.3,
      resizeOptions: { background: "#0f766e" },
    },
    apple: { ...minimal2023Preset.apple, resizeOptions: { background: "#0f766e" } },
  },
  images: ["public/favicon.svg"],
});
