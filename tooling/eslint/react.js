import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import { baseConfig } from "./base.js";

export function reactConfig(dir) {
  return [
    ...baseConfig(dir),
    {
      languageOptions: { globals: { ...globals.browser } },
      plugins: { "react-hooks": reactHooks },
      rules: {
        ...reactHooks.configs.recommended.rules,
        // TanStack Router's redirect() and notFound() are thrown by design.
        "@typescript-eslint/only-throw-error": "off",
      },
    },
  ];
}
