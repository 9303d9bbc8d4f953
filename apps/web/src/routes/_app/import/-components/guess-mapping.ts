import type { ImportMappingInput } from "@ledgerline/contracts";

/**
 * A first guess at an 'Other CSV' mapping from the file's header line, for the user to correct.
 * Only the header is read here (the server parses the file itself, with a CSV library); a
 * header cell is split on the separator and its surrounding quotes dropped.
 */
export function headerColumns(text: string, delimiter: string): string[] {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  return firstLine
    .split(delimiter)
    .map((cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .trim(),
    )
    .filter((cell) => cell !== "");
}

/** The separator the header line uses most: a semicolon, a tab or a comma. */
export function guessDelimiter(text: string): "," | ";" | "\t" {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const count = (sign: string) => firstLine.split(sign).length - 1;
  const best = ([";", "\t"] as const).find((sign) => count(sign) > count(","));
  return best ?? ",";
}

const hints: Record<keyof ImportMappingInput["columns"], RegExp> = {
  date: /date|time|datum|day/i,
  symbol: /symbol|ticker|asset|instrument|wert/i,
  action: /action|type|side|activity|art/i,
  quantity: /quantity|qty|shares|units|amount of|stück/i,
  price: /price|rate|kurs/i,
  fees: /fee|commission|comm/i,
  amount: /^(net )?amount$|subtotal/i,
  notes: /note|description|memo/i,
  currency: /currency|ccy/i,
  assetType: /asset.?type|class|category/i,
};

/** Each mapped column guessed from the header names, the first match winning. */
export function guessColumns(columns: readonly string[]): Partial<ImportMappingInput["columns"]> {
  const guessed: Partial<ImportMappingInput["columns"]> = {};
  const taken = new Set<string>();
  for (const [field, pattern] of Object.entries(hints) as [keyof typeof hints, RegExp][]) {
    const match = columns.find((column) => !taken.has(column) && pattern.test(column));
    if (match) {
      guessed[field] = match;
      taken.add(match);
    }
  }
  return guessed;
}
