import {
  importDetectInput,
  importDetection,
  importInput,
  importMappingIdInput,
  importPreview,
  importResult,
  messageResult,
  savedImportMapping,
  saveImportMappingInput,
} from "@ledgerline/contracts";
import { z } from "zod";
import { jsonAnswer } from "../platform/sliced-json";
import { IMPORT_BODY_LIMIT } from "./service";
import { restRoute } from "../platform/rest/route";

const mappingNotes = `
**The file** is sent as text in \`csv\` (UTF-8; a byte order mark and CRLF line ends are fine), at most 10 MB (a 413 beyond) and 200,000 rows (a 400 beyond). An empty file, a header only, binary data, a file of another source than \`source\` says, or a mapping naming columns the file lacks is a 400 and nothing is written.

**Sources**: \`ledgerline\` (this API's own CSV export, \`GET /api/transaction?format=csv\`), \`schwab\` (Charles Schwab brokerage history), \`coinbase\` (Coinbase transaction history), or \`generic\` with a \`mapping\`:

\`\`\`json
{
  "delimiter": ";",              // "," (default), ";" or "\\t"
  "decimalSeparator": ",",       // "." (default: 1,234.56) or "," (1.234,56)
  "dateFormat": "DD.MM.YYYY",    // YYYY-MM-DD (default), MM/DD/YYYY, DD/MM/YYYY, DD.MM.YYYY; a time HH:mm[:ss] (UTC, or with a zone) may follow
  "columns": {                   // header names in the file
    "date": "Datum", "symbol": "Wert", "action": "Art", "quantity": "Stück", "price": "Kurs",
    "fees": "Gebühr", "amount": "Betrag", "notes": "Notiz", "currency": "Währung", "assetType": "Typ"   // optional ones
  },
  "assetType": "STOCK",          // STOCK or CRYPTO for every row, when no assetType column
  "actions": { "buy": ["Kauf"], "sell": ["Verkauf"], "dividend": ["Dividende"], "split": ["Split"], "skip": ["Einlage"] }
}
\`\`\`

Action values are compared without case; a value in no list is skipped with a reason.

**Each row** becomes \`trade\` (a new buy or sell), \`income\` (a stock dividend, written as an income entry: on the row's quantity or else the shares held at the ex-date, for the row's \`amount\` or else quantity × price; when the corporate-actions calendar has the dividend within a week of the row's date, the entry takes its ex-date, so the calendar never adds it again), \`split\` (a split the corporate-actions calendar has within a week of the row's date: the calendar applies it, never the row, so it is never applied twice), \`duplicate\` (the same asset, symbol, side, date-time, quantity and price is already recorded; a dividend already in the income; a split already applied), \`skipped\` (cash movements, interest, transfers, totals, crypto rewards, a split the calendar does not know; \`message\` says why) or \`error\` (\`message\` says why: unknown symbol, a price not in USD, a sell of more than was held on its date, more decimals than the asset allows, an unreadable date or number). \`row\` is the line in the file (the header is line 1). Amounts are exact decimal strings. A trade's fee (the \`fees\` column: Schwab's \`Fees & Comm\`, Coinbase's \`Fees and/or Spread\`, the \`fee\` of a Ledgerline export) becomes the trade's \`fee\`: in a buy's cost basis, out of a sell's proceeds.
`;

const tooLarge = "The file (csv) is larger than 10 MB";

export const importRoutes = [
  restRoute({
    method: "POST",
    url: "/import/detect",
    operationId: "detectImport",
    tag: "Portfolio",
    summary:
      "Which source's export a file is, from its first lines (header and some rows), or a first guess at an 'Other CSV' mapping",
    description:
      "Send the file's first lines (whole lines, up to 32 KB) in `csv`. A header of a known export (this API's own CSV, Charles Schwab, Coinbase) answers that `source` and its mapping. Any other answers `generic` with a guess: the separator from the header line, the columns from their names, the date format from the first rows' dates (`dateFormatCertain` is false when they read more than one way, as 03/04/2025 does), the decimal separator from their amounts, and the action values found, placed by their words. Columns it could not place are left out. Nothing is read beyond the first 50 rows and nothing is written.",
    access: "user",
    body: importDetectInput,
    response: importDetection,
    call: (caller, { body }) => caller.import.detect(body),
  }),
  restRoute({
    method: "POST",
    url: "/import/preview",
    operationId: "previewImport",
    tag: "Portfolio",
    summary:
      "What each row of a broker's or exchange's CSV export would become; nothing is written",
    description: mappingNotes,
    access: "user",
    refusals: { 413: tooLarge },
    bodyLimit: IMPORT_BODY_LIMIT,
    body: importInput,
    response: importPreview,
    // Up to 200,000 rows: written in slices rather than by the route's serializer in one go.
    call: async (caller, { body }) => jsonAnswer(await caller.import.preview(body)),
  }),
  restRoute({
    method: "POST",
    url: "/import",
    operationId: "importTransactions",
    tag: "Portfolio",
    summary:
      "Import the new trades of a CSV export in one transaction (all or none); a 400 lists the error rows unless skipInvalid",
    description: `${mappingNotes}\nThe trades are applied in date order onto the positions as they are, exactly as if entered by hand, and the dividends are written as income entries, in the same transaction; importing the same file again adds nothing (its rows are duplicates). An \`Idempotency-Key\` header makes a retry answer as the first call did. A 409 means the history changed while the file was checked (import again), or an import job of the user (tRPC \`import.start\`) is still running: wait for it to finish or cancel it, then import again. The import is recorded in the audit log.`,
    access: "user",
    refusals: {
      409: "The history changed while the file was being checked, or an import job of the user is still running; import again",
      413: tooLarge,
    },
    bodyLimit: IMPORT_BODY_LIMIT,
    body: importInput,
    response: importResult,
    call: (caller, { body }) => caller.import.run(body),
  }),
  restRoute({
    method: "GET",
    url: "/import/mappings",
    operationId: "listImportMappings",
    tag: "Portfolio",
    summary: "The signed-in user's saved column mappings for 'Other CSV' files, in name order",
    access: "user",
    response: z.array(savedImportMapping),
    call: (caller) => caller.import.mappings(),
  }),
  restRoute({
    method: "POST",
    url: "/import/mappings",
    operationId: "saveImportMapping",
    tag: "Portfolio",
    summary:
      "Save a column mapping (the `mapping` of POST /api/import) under a name to reuse it; 400 for a name already used by another of the user's mappings, a name not of 1 to 60 characters, or a user already holding 50",
    description:
      "An `Idempotency-Key` header makes a retry answer as the first call did. Mappings are the user's own: no other user sees or deletes them.",
    access: "user",
    body: saveImportMappingInput,
    response: savedImportMapping,
    call: (caller, { body }) => caller.import.saveMapping(body),
  }),
  restRoute({
    method: "DELETE",
    url: "/import/mappings/:id",
    operationId: "deleteImportMapping",
    tag: "Portfolio",
    summary: "Delete one of the user's saved mappings; 404 for any other id",
    access: "user",
    refusals: { 404: "No saved mapping of the user has this id" },
    params: importMappingIdInput,
    response: messageResult,
    call: (caller, { params }) => caller.import.deleteMapping({ id: params.id }),
  }),
];
