import { taxMessages as messages, type PageQuery } from "@ledgerline/contracts";
import { badRequest } from "../platform/errors";
import type { Turns } from "../platform/turns";

/**
 * Pages of a list the server derives whole on each read (the lots, the harvest's candidates:
 * issue 29, decision 0046). The cursor is opaque URL-safe text naming whose list, which list, the
 * position and the last row given: a row sold out or added in between moves the list, and the
 * next page then starts after that row where it still is, so no row is given twice.
 */

export type LotList = "lots" | "harvest";

interface Position {
  offset: number;
  lastId: string;
}

export function encodeLotCursor(userId: number, list: LotList, position: Position): string {
  const { offset, lastId } = position;
  return Buffer.from(JSON.stringify([userId, list, offset, lastId])).toString("base64url");
}

/** The position in `text`; a 400 when it is not a cursor of this user's `list`. */
export function decodeLotCursor(text: string, userId: number, list: LotList): Position {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw badRequest(messages.cursorInvalid);
  }
  if (!Array.isArray(decoded) || decoded.length !== 4) throw badRequest(messages.cursorInvalid);
  const [owner, named, offset, lastId] = decoded as unknown[];
  if (
    owner !== userId ||
    named !== list ||
    typeof offset !== "number" ||
    !Number.isSafeInteger(offset) ||
    offset < 1 ||
    typeof lastId !== "string"
  ) {
    throw badRequest(messages.cursorInvalid);
  }
  return { offset, lastId };
}

export interface Page<T> {
  rows: T[];
  nextCursor: string | null;
}

/** The page of `rows` the query asks for: `limit` rows after its cursor's last row. */
export async function pageOf<T>(
  rows: readonly T[],
  idOf: (row: T) => string,
  query: PageQuery,
  owner: { userId: number; list: LotList; turns: Turns },
): Promise<Page<T>> {
  let start = 0;
  if (query.cursor) {
    const { offset, lastId } = decodeLotCursor(query.cursor, owner.userId, owner.list);
    const before = rows[offset - 1];
    if (before !== undefined && idOf(before) === lastId) start = offset;
    else {
      // The list moved since: continue after the last row given, or at the same place. The
      // search reads every row's id: 200,000 of them held the event loop 100 ms in one go.
      const at = await indexInTurns(rows, (row) => idOf(row) === lastId, owner.turns);
      start = at >= 0 ? at + 1 : Math.min(offset, rows.length);
    }
  }
  const page = rows.slice(start, start + query.limit);
  const end = start + page.length;
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor:
      end < rows.length && last !== undefined
        ? encodeLotCursor(owner.userId, owner.list, { offset: end, lastId: idOf(last) })
        : null,
  };
}

async function indexInTurns<T>(
  rows: readonly T[],
  found: (row: T) => boolean,
  turns: Turns,
): Promise<number> {
  for (let index = 0; index < rows.length; index++) {
    if (found(rows[index]!)) return index;
    if (index % 256 === 0 && turns.due()) await turns.next();
  }
  return -1;
}
