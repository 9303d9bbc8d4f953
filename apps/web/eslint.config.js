import { reactConfig } from "@ledgerline/eslint-config/react";

export default [
  ...reactConfig(import.meta.dirname),
  { ignores: ["src/routeTree.gen.ts", "public/**"] },
  {
    rules: {
      // The package root's values are zod schemas: in the browser they only add weight and an
      // eval probe the CSP refuses. Types from the root cost nothing.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@ledgerline/contracts",
              message: "Import values from @ledgerline/contracts/browser.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
];
