import { baseConfig } from "@ledgerline/eslint-config/base";

// The API's routers and services: no process.env here (the host's env.ts hands settings in).
export default baseConfig(import.meta.dirname);
