/// <reference types="vitest/config" />
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      // Loaders are split too, so a route's data code (and the tRPC client) loads with the route.
      codeSplittingOptions: {
        defaultBehavior: [
          ["loader"],
          ["component"],
          ["pendingComponent", "errorComponent", "notFoundComponent"],
        ],
      },
    }),
    react(),
    tailwindcss(),
    // The API serves these pre-compressed files as they are, so no request pays for compression.
    compression({
      algorithms: [defineAlgorithm("gzip", { level: 9 }), defineAlgorithm("brotliCompress")],
      threshold: 1024,
    }),
  ],
  build: {
    target: "es2022",
    sourcemap: true,
    // The e2e budget test and bench/web-bundle read which chunks each route loads from here.
    manifest: true,
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
  test: {
    include: ["test/**/*.test.ts"],
  },
});
