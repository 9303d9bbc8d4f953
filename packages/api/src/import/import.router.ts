import {
  importDetectInput,
  importDetection,
  importInput,
  importJob,
  importJobIdInput,
  importMappingIdInput,
  type ImportJobView,
  type ImportPreview,
  importResult,
  messageResult,
  savedImportMapping,
  saveImportMappingInput,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { deleteImportMapping, listImportMappings, saveImportMapping } from "./mappings";
import { importPreviewIn } from "./preview-language";
import { previewImport, runImport } from "./service";
import {
  cancelImportJob,
  importJobIn,
  importJobsIn,
  importJobStatus,
  latestImportJob,
  startImportJob,
  watchImportJob,
} from "./import-jobs";
import { userMutation, userMutationAnswering, userProcedure } from "../platform/trpc/trpc";

/** A write answering a job: why it failed in the reader's language, a repeat's too (0070). */
const jobMutation = userMutationAnswering<ImportJobView>(importJobIn);

/**
 * Importing the signed-in user's history from a CSV export. Both are mutations: the file travels
 * in a POST body (up to the import's body limit, see app.ts), never in a URL.
 */
export const importRouter = {
  /**
   * What a file is, from its first lines: a known source, or a first guess at an 'Other CSV'
   * mapping. A mutation for the same reason as the preview: the lines travel in a POST body.
   */
  detect: userProcedure
    .input(importDetectInput)
    .output(importDetection)
    // detect.ts and csv-parse load with the first detection, not at every start (issue 35).
    .mutation(async ({ input }) => (await import("./detect")).detectImport(input)),

  /**
   * What each row would become; nothing is written, so a repeat needs no idempotency key. The
   * answer is not checked against `importPreview` as it leaves (typed code builds it, and the
   * REST door writes it by that schema): for 200,000 rows the check held the event loop for
   * over 100 ms in one go. Its JSON is written in slices (longAnswer). The rows' texts are in
   * the request's language (decision 0070).
   */
  preview: userProcedure
    .meta({ longAnswer: true })
    .input(importInput)
    .mutation(async ({ ctx, input }): Promise<ImportPreview> =>
      importPreviewIn(await previewImport(ctx, input), ctx.language),
    ),

  /**
   * Writes the new trades and dividends in one transaction; error rows refuse it unless
   * skipInvalid. A repeat with the same idempotency key answers as the first did.
   */
  run: userMutation
    .input(importInput)
    .output(importResult)
    .mutation(({ ctx, input }) => runImport(ctx, input)),

  /**
   * Imports the file as a job (a large file's rows take seconds to write): answers the queued
   * job at once; the worker writes the same rows `run` would, all or none. Error rows fail the
   * job unless skipInvalid. A repeat with the same idempotency key answers the same job. One
   * import per user at a time: while one of theirs is queued, checking or writing, a CONFLICT.
   */
  start: jobMutation
    .input(importInput)
    .output(importJob)
    .mutation(({ ctx, input }) => startImportJob(ctx, input)),

  /**
   * One of the user's import jobs: its progress, or its summary once done (polling's door). A
   * job's answers say why it failed in the reader's language (decision 0070).
   */
  status: userProcedure
    .input(importJobIdInput)
    .output(importJob)
    .query(async ({ ctx, input }) =>
      importJobIn(await importJobStatus(ctx, input.id), ctx.language),
    ),

  /** The user's running or last import job (null: none), for the page to show on return. */
  latest: userProcedure
    .output(importJob.nullable())
    .query(async ({ ctx }) => importJobIn(await latestImportJob(ctx), ctx.language)),

  /** Stops the user's running import job; nothing of it stays written. */
  cancel: jobMutation
    .input(importJobIdInput)
    .output(importJob)
    .mutation(({ ctx, input }) => cancelImportJob(ctx, input.id)),

  /** The job's progress as it goes (server-sent events), starting with where it is now. */
  progress: userProcedure
    .input(importJobIdInput)
    .subscription(({ ctx, input, signal }) =>
      importJobsIn(watchImportJob(ctx, input.id, signal), ctx.language),
    ),

  /** The user's saved 'Other CSV' mappings, in name order. */
  mappings: userProcedure
    .output(z.array(savedImportMapping))
    .query(({ ctx }) => listImportMappings(ctx)),

  /** Saves the mapping under a name (unique per user, at most 50 per user). */
  saveMapping: userMutation
    .input(saveImportMappingInput)
    .output(savedImportMapping)
    .mutation(({ ctx, input }) => saveImportMapping(ctx, input)),

  deleteMapping: userMutation
    .input(importMappingIdInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => deleteImportMapping(ctx, input.id)),
} satisfies TRPCRouterRecord;
