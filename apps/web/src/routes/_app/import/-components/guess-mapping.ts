/**
 * The file's header as the column choices of an 'Other CSV' mapping. Only the header is read
 * here (the server parses the file itself, with a CSV library, and guesses the mapping from its
 * first lines: import.detect); a header cell is split on the separator and its quotes dropped.
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

/**
 * The file's first lines for the server's detection: whole lines only, at most `maxChars`
 * characters and the header and 50 rows (all it reads).
 */
export function fileHead(text: string, maxChars: number, lines = 51): string {
  let end = 0;
  for (let line = 0; line < lines; line++) {
    const next = text.indexOf("\n", end);
    if (next === -1 || next + 1 > maxChars) {
      // The whole text when it is short enough, else up to the last whole line within the limit.
      if (next === -1 && text.length <= maxChars) return text;
      break;
    }
    end = next + 1;
  }
  return text.slice(0, end);
}
