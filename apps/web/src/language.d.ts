/** The language this build's texts are in (vite.config.ts `define`, from the build mode). */
declare const __WEB_LANGUAGE__: "en" | "de" | "es";
