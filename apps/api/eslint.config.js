import { baseConfig } from "@ledgerline/eslint-config/base";

export default [
  ...baseConfig(import.meta.dirname),
  {
    files: ["src/env.ts"],
    rules: { "no-restricted-properties": "off" },
  },
];
