export * from "./client";
export * from "./database";
export * from "./schema";
export * from "./repositories";
export { openPostgresDatabase, toPostgresPlaceholders, type PostgresDatabase } from "./postgres";
export { copyDatabase, positionChecksums, tablesInDependencyOrder, type CopyReport } from "./copy";
export { isDatabaseUnavailable } from "./repositories/errors";
