import { baseConfig } from "@ledgerline/eslint-config/base";

export default [
  ...baseConfig(import.meta.dirname),
  {
    // The client ships no API code: only the AppRouter *type* may come from @ledgerline/api.
    // (The tests are exempt: they start the real server.)
    files: ["src/**/*.ts", "examples/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@ledgerline/api",
              message: "Import only types from the API (import type { AppRouter }).",
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: [
                "@ledgerline/api/*",
                "@ledgerline/server",
                "@ledgerline/server/*",
                "**/apps/api/**",
              ],
              message: "The client must not load the API's runtime.",
            },
          ],
        },
      ],
    },
  },
];
