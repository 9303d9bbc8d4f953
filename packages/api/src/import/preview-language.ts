import type { ImportPreview } from "@ledgerline/contracts";
import type { AnswerLanguage } from "../locale/answer-language";
import { textIn } from "../locale/catalog";
import { Turns } from "../platform/turns";

/** Distinct row texts kept once put into the language; a file with more looks the rest up each time. */
const MEMO_TEXTS = 10_000;

/**
 * The preview with each row's text in the reader's language (decision 0070): the rows say the
 * English of importRowMessages, put into the language through the catalog's `api_import_row_*`
 * messages as the answer goes out, like a refusal. English as it is. The preview was built for
 * this answer alone, so its rows are changed in place (no copy of 200,000 of them), in turns of
 * the event loop; a text many rows share is looked up once.
 */
export async function importPreviewIn(
  preview: ImportPreview,
  language: AnswerLanguage,
): Promise<ImportPreview> {
  if (language === "en") return preview;
  const memo = new Map<string, string>();
  const turns = new Turns();
  for (const row of preview.rows) {
    if (turns.due()) await turns.next();
    if (row.message === undefined) continue;
    let text = memo.get(row.message);
    if (text === undefined) {
      text = textIn(row.message, language);
      if (memo.size < MEMO_TEXTS) memo.set(row.message, text);
    }
    row.message = text;
  }
  return preview;
}
