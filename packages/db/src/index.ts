export * from "./client";
export * from "./database";
export * from "./schema";
export * from "./repositories";
// Types only: the PostgreSQL driver loads with openDatabase's first PostgreSQL URL (client.ts), or
// from "@ledgerline/db/postgres" itself (testing, benches).
export type { PostgresDatabase } from "./postgres";
export { copyDatabase, positionChecksums, tablesInDependencyOrder, type CopyReport } from "./copy";
export { isDatabaseUnavailable } from "./repositories/errors";
