import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Type-aware rules for every TypeScript package; `dir` is the package root. */
export function baseConfig(dir) {
  return tseslint.config(
    { ignores: ["dist/**", "dist-*/**", "drizzle/**", "**/*.gen.ts", "coverage/**"] },
    js.configs.recommended,
    ...tseslint.configs.recommendedTypeChecked,
    {
      languageOptions: {
        globals: { ...globals.node },
        parserOptions: { projectService: true, tsconfigRootDir: dir },
      },
      rules: {
        // Repositories and plugins are async by contract even where SQLite answers synchronously.
        "@typescript-eslint/require-await": "off",
        "@typescript-eslint/consistent-type-imports": [
          "error",
          { prefer: "type-imports", fixStyle: "separate-type-imports" },
        ],
        "@typescript-eslint/no-unused-vars": [
          "error",
          { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
        ],
        "@typescript-eslint/no-misused-promises": [
          "error",
          { checksVoidReturn: { attributes: false } },
        ],
        "no-restricted-properties": [
          "error",
          {
            object: "process",
            property: "env",
            message: "Read configuration through the app's env.ts only.",
          },
        ],
      },
    },
    {
      files: ["**/*.js", "**/*.mjs"],
      ...tseslint.configs.disableTypeChecked,
    },
  );
}
