import { baseConfig } from "@ledgerline/eslint-config/base";

export default baseConfig(import.meta.dirname);
