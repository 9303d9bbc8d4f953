/** The router type external tools and the web app compile against. */
export type { AppRouter } from "./router";
