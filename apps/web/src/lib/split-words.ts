import { m } from "@ledgerline/messages";
import { formatQuantity, formatSignedQuantity } from "@ledgerline/money/format";

/**
 * A split's ratio in the reader's words, from the shares before (`from`) and after (`to`):
 * "4-for-1 split", "1-for-35 reverse split" in English, as @ledgerline/money's formatSplit
 * writes it for the API; "Aktiensplit 4:1" in German.
 */
export function formatSplit(from: string, to: string): string {
  const ratio = { to: formatQuantity(to), from: formatQuantity(from) };
  return Number(to) < Number(from) ? m.ui_reverse_split_ratio(ratio) : m.ui_split_ratio(ratio);
}

/** What the API's formatSplitChange writes in a split row's notes, read back. */
const splitChange = /^([\d,.]+)-for-([\d,.]+) (?:reverse )?split, ([+-][\d,.]+) shares?$/;
const plain = (figure: string) => figure.replaceAll(",", "");

/**
 * A split row's notes ("4-for-1 split, +60 shares", written by the server in en-US) in the
 * reader's words and figures; notes of another form as they are.
 */
export function splitChangeText(notes: string): string {
  const match = splitChange.exec(notes);
  if (!match) return notes;
  const [, to, from, change] = match.map((part) => plain(part ?? "")) as [
    string,
    string,
    string,
    string,
  ];
  const words = { ratio: formatSplit(from, to), change: formatSignedQuantity(change) };
  return Math.abs(Number(change)) === 1
    ? m.history_split_change_one(words)
    : m.history_split_change_many(words);
}
