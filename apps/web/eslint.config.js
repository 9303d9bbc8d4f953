import { reactConfig } from "@ledgerline/eslint-config/react";

export default [
  ...reactConfig(import.meta.dirname),
  { ignores: ["src/routeTree.gen.ts", "public/**"] },
];
