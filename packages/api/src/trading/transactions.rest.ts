import {
  transaction,
  transactionCsvColumns,
  transactionRestQuery,
  TRANSACTIONS_BATCH_MAX_SIZE,
  type TransactionBatch,
  type TransactionFilterInput,
  type TransactionView,
} from "@ledgerline/contracts";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { numericSchema, withNumbers } from "../platform/rest/numbers";
import { guardFormula } from "../platform/spreadsheet-cells";
import { restRoute, type Caller } from "../platform/rest/route";
import { transactionAmountFields } from "./trades.rest-schema";

const restTransaction = numericSchema(transaction, transactionAmountFields);

/** The spec's JSON numbers; exact decimal text stays in tRPC and in the CSV. */
const withAmountNumbers = (row: TransactionView) => withNumbers(row, transactionAmountFields);

/**
 * Every transaction matching the filters, one batch after another through the same procedure
 * the tRPC door has. The first batch is read before anything is sent, so bad input still
 * answers a 400 with its message; the rest streams, so no history is too long to export.
 */
async function* allBatches(caller: Caller, filter: TransactionFilterInput) {
  let batch: TransactionBatch = await caller.transactions.batch({
    ...filter,
    limit: TRANSACTIONS_BATCH_MAX_SIZE,
  });
  yield batch.transactions;
  while (batch.nextCursor) {
    batch = await caller.transactions.batch({
      ...filter,
      cursor: batch.nextCursor,
      limit: TRANSACTIONS_BATCH_MAX_SIZE,
    });
    yield batch.transactions;
  }
}

async function streamed(
  batches: AsyncGenerator<TransactionView[]>,
  render: { start: string; row: (row: TransactionView, index: number) => string; end: string },
  headers: Record<string, string>,
): Promise<Response> {
  const first = await batches.next();
  const encoder = new TextEncoder();
  let index = 0;
  const rows = (list: TransactionView[]) => list.map((row) => render.row(row, index++)).join("");
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(render.start + (first.done ? "" : rows(first.value))));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) {
        controller.enqueue(encoder.encode(render.end));
        controller.close();
      } else {
        controller.enqueue(encoder.encode(rows(next.value)));
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, { headers });
}

/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
function csvCell(value: string | null): string {
  if (value === null) return "";
  const safe = guardFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvRow(row: TransactionView): string {
  const cells: Record<(typeof transactionCsvColumns)[number], string | null> = {
    id: String(row.id),
    transactionDate: row.transactionDate,
    type: row.type,
    symbol: row.symbol,
    transactionType: row.transactionType,
    quantity: row.quantity,
    price: row.price,
    transactionTotal: row.transactionTotal,
    fee: row.fee,
    notes: row.notes,
  };
  return `${transactionCsvColumns.map((column) => csvCell(cells[column])).join(",")}\r\n`;
}

function badQuery(error: z.ZodError): TRPCError {
  return new TRPCError({ code: "BAD_REQUEST", message: error.message, cause: error });
}

export const transactionRoutes = [
  restRoute({
    method: "GET",
    url: "/transaction",
    operationId: "listTransactions",
    tag: "Portfolio",
    summary:
      "The signed-in user's transactions, filtered and sorted: the whole list, one page of it (page, pageSize; totals in X-Total-Count and X-Total-Pages), or with format=csv the whole list as a CSV file",
    access: "user",
    query: transactionRestQuery,
    // A page is kept; the whole list and the CSV export are streamed, never kept.
    cachedAnswer: (query) =>
      query.format !== "csv" && (query.page !== undefined || query.pageSize !== undefined)
        ? "own-data"
        : undefined,
    response: z.array(restTransaction),
    call: async (caller, { query }) => {
      const parsed = transactionRestQuery.safeParse(query);
      if (!parsed.success) throw badQuery(parsed.error);
      const { page, pageSize, format, ...filter } = parsed.data;
      const paged = page !== undefined || pageSize !== undefined;
      if (format === "csv") {
        if (paged) {
          throw new TRPCError({
            code: "BAD_REQUEST",
            message: "The CSV export has every matching transaction: leave out page and pageSize",
          });
        }
        const day = new Date().toISOString().slice(0, 10);
        return streamed(
          allBatches(caller, filter),
          { start: `${transactionCsvColumns.join(",")}\r\n`, row: csvRow, end: "" },
          {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="transactions-${day}.csv"`,
            "cache-control": "no-store",
          },
        );
      }
      if (paged) {
        const result = await caller.transactions.list({ ...filter, page, pageSize });
        const { pagination } = result;
        return Response.json(result.transactions.map(withAmountNumbers), {
          headers: {
            "x-total-count": String(pagination.totalCount),
            "x-total-count-capped": String(pagination.totalCountCapped),
            "x-total-pages": String(pagination.totalPages),
            "x-page": String(pagination.currentPage),
            "x-page-size": String(pagination.pageSize),
            "cache-control": "no-store",
          },
        });
      }
      return streamed(
        allBatches(caller, filter),
        {
          start: "[",
          row: (row, index) => `${index === 0 ? "" : ","}${JSON.stringify(withAmountNumbers(row))}`,
          end: "]",
        },
        { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
      );
    },
  }),
];
