import { reactConfig } from "@ledgerline/eslint-config/react";

// The package root's values are zod schemas: in the browser they only add weight and an eval
// probe the CSP refuses. Types from the root cost nothing.
const contractsRoot = {
  name: "@ledgerline/contracts",
  message: "Import values from @ledgerline/contracts/browser.",
  allowTypeImports: true,
};

// One way to call the API (decision 0021): components read and write through the query and
// mutation options of lib/trpc (trpc.x.queryOptions(), trpc.x.mutationOptions()), which carry
// the cache keys, invalidation and error handling. The client behind them stays in lib/.
const trpcClientModule = {
  group: ["**/trpc-client", "**/trpc-client.ts"],
  message:
    "Call the API through trpc.<router>.<procedure>.queryOptions/mutationOptions from lib/trpc.",
};
const trpcClientFactory = {
  name: "@trpc/client",
  importNames: ["createTRPCClient", "createTRPCUntypedClient", "createTRPCProxyClient"],
  message:
    "The app's tRPC clients are made in src/lib (trpc-client.ts, trpc-unbatched.ts, live-client.ts).",
  allowTypeImports: true,
};

export default [
  ...reactConfig(import.meta.dirname),
  { ignores: ["src/routeTree.gen.ts", "public/**"] },
  {
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [contractsRoot, trpcClientFactory], patterns: [trpcClientModule] },
      ],
    },
  },
  {
    // The options proxy and the clients themselves.
    files: [
      "src/lib/trpc.ts",
      "src/lib/trpc-client.ts",
      "src/lib/trpc-unbatched.ts",
      "src/lib/live-client.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [contractsRoot] }],
    },
  },
];
