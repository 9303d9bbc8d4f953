import { baseConfig } from "@ledgerline/eslint-config/base";

export default [
  ...baseConfig(import.meta.dirname),
  {
    // Test set-up passes settings to the server it starts.
    files: ["playwright.config.ts"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    files: ["tests/support.ts", "tests/shots.ts"],
    rules: { "no-restricted-properties": "off" },
  },
];
