/**
 * The import jobs' texts, apart from import-jobs.ts: the synchronous import (service.ts) refuses
 * with the same conflict while one of the user's jobs runs, and import-jobs.ts imports service.ts.
 */
export const importJobMessages = {
  notFound: "No import of yours has this id",
  failed: "The import could not be finished and nothing was written; try again",
  historyChanged: "Your history changed while the file was being checked; import it again",
  alreadyRunning:
    "An import of yours is still running; wait for it to finish or cancel it, then import again",
} as const;
