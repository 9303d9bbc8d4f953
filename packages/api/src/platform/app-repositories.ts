import { createRepositories, type AnyDatabase, type Repositories } from "@ledgerline/db";
import type { DataVersions } from "./shared-state";
import type { Clock } from "@ledgerline/clock";
import { withDataVersions } from "./data-versions";
import { withSessionCache } from "../auth/session-cache";

/**
 * The repositories every writer of the app's data goes through, the server and its operator
 * commands alike: session lookups cached in memory (services/session-cache.ts), and every write
 * bumping the data versions that kept answers depend on (services/data-versions.ts). With Redis
 * the versions are the deployment's, so a command's write ends every process's kept answers.
 */
export function appRepositories(
  database: AnyDatabase,
  clock: Clock,
  versions: DataVersions,
): Repositories {
  return withDataVersions(
    withSessionCache(createRepositories(database), clock, versions),
    versions,
  );
}
