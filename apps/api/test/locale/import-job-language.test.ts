import type { ImportJobView } from "@ledgerline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobCall, ledgerlineCsv, startImport, streamEvents } from "../import/import-job-support";
import { registerIn } from "../support/locale-support";
import { startTestApp, type TestApp } from "../support/test-app";
import { pinnedMarket } from "../support/transactions-support";

// Decision 0070, continued: a failed import job keeps why in English (import_jobs.error) and
// each answer of the job (its status, the latest job, a cancel's answer, the live progress)
// says it in the reader's language; the account's language as it is when it reads. English
// word for word.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ market: pinnedMarket() });
});
afterAll(() => t.close());

const GERMAN =
  "3 Zeilen enthalten Fehler; beheben Sie sie oder importieren Sie mit skipInvalid, um diese Zeilen auszulassen";
const SPANISH = "3 filas tienen errores; corrígelos o importa con skipInvalid para omitirlas";
const ENGLISH = "3 rows have errors; fix them or import with skipInvalid to leave them out";

/** A new account in `locale` whose import of a file with 3 unknown symbols has failed. */
async function failedImport(locale: string, email: string) {
  const { token } = await registerIn(t, locale, email);
  const bad = [1, 2, 3].map((day) => `2020-02-0${day}T15:00:00.000Z,STOCK,NOSUCH,BUY,1,10,,`);
  const started = await startImport(t, token, `${ledgerlineCsv(5)}${bad.join("\n")}\n`, false);
  expect(started.status).toBe(200);
  await t.settled();
  return { token, id: started.data.id };
}

/** What each of the job's answers says of why it failed. */
async function failureTexts(token: string, id: number) {
  const status = await jobCall(t, "query", "import.status", { id }, token);
  const latest = await jobCall(t, "query", "import.latest", undefined, token);
  const cancel = await jobCall(t, "mutation", "import.cancel", { id }, token);
  const stream = await t.request("GET", "/api/trpc/import.progress", {
    token,
    query: { input: JSON.stringify({ id }) },
  });
  const events = streamEvents<ImportJobView>(stream.text).filter((event) => "status" in event);
  expect(status.data.status).toBe("failed");
  return {
    status: status.data.error,
    latest: latest.data.error,
    cancel: cancel.data.error,
    progress: events.map((event) => event.error),
  };
}

describe("an import job's failure in the reader's language", () => {
  it("says it in German in each of the job's answers to a German account", async () => {
    const { token, id } = await failedImport("de-DE", "grete-job@example.com");
    expect(await failureTexts(token, id)).toEqual({
      status: GERMAN,
      latest: GERMAN,
      cancel: GERMAN,
      progress: [GERMAN],
    });
  });

  it("says it in the language the account has chosen since, kept in English", async () => {
    const { token, id } = await failedImport("de-DE", "grete-job-switch@example.com");
    const changed = await t.request("PUT", "/api/users/locale", {
      token,
      body: { locale: "es-ES" },
    });
    expect(changed.status).toBe(200);
    expect((await failureTexts(token, id)).status).toBe(SPANISH);
    expect(await t.sql("SELECT error FROM import_jobs WHERE id = ?", [id])).toEqual([
      { error: ENGLISH },
    ]);
  });

  it("says a cancel repeated with its idempotency key in the repeat's language", async () => {
    const { token, id } = await failedImport("de-DE", "grete-job-repeat@example.com");
    const cancel = () =>
      jobCall(t, "mutation", "import.cancel", { id, idempotencyKey: "cancel-once" }, token);
    expect((await cancel()).data.error).toBe(GERMAN);
    await t.request("PUT", "/api/users/locale", { token, body: { locale: "en-US" } });
    expect((await cancel()).data.error).toBe(ENGLISH);
  });

  it("keeps the English word for word for an English account", async () => {
    const { token, id } = await failedImport("en-US", "ann-job@example.com");
    expect(await failureTexts(token, id)).toEqual({
      status: ENGLISH,
      latest: ENGLISH,
      cancel: ENGLISH,
      progress: [ENGLISH],
    });
  });
});
