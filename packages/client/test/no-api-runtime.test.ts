import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const packageDir = fileURLToPath(new URL("..", import.meta.url));

describe("the client's runtime", () => {
  it("bundles without a single module of the API or its server dependencies", async () => {
    const result = await build({
      absWorkingDir: packageDir,
      entryPoints: ["src/index.ts"],
      bundle: true,
      platform: "node",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
    });

    const inputs = Object.keys(result.metafile.inputs);
    // The bundle is real: the client and the tRPC client library are in it...
    expect(inputs).toContain("src/index.ts");
    expect(inputs).toContainEqual(expect.stringMatching(/@trpc\/client/));
    // ...and the AppRouter type import left nothing of the server behind.
    expect(
      inputs.filter((path) => /apps\/api\/|fastify|better-sqlite3|drizzle/.test(path)),
    ).toEqual([]);
  });
});
