/**
 * The names people know for what market data writes as codes: an exchange's MIC (ISO 10383, as
 * Polygon gives `primary_exchange`) and a company's SIC description (the SEC's upper-case text,
 * as Polygon gives `sic_description`). The API keeps the raw values (spec section 3); screens
 * show these. Without zod, for the browser.
 */

/** US exchanges' MICs: the ones listings carry (Polygon's primary exchanges), by their usual name. */
const exchangeNames: Record<string, string> = {
  XNAS: "Nasdaq",
  XNGS: "Nasdaq Global Select Market",
  XNMS: "Nasdaq Global Market",
  XNCM: "Nasdaq Capital Market",
  XBOS: "Nasdaq BX",
  XPHL: "Nasdaq PHLX",
  XNYS: "New York Stock Exchange",
  ARCX: "NYSE Arca",
  XASE: "NYSE American",
  XCHI: "NYSE Chicago",
  BATS: "Cboe BZX",
  EDGX: "Cboe EDGX",
  IEXG: "IEX",
  OTCM: "OTC Markets",
};

/** An exchange's name (XNAS is Nasdaq), or the code as given when it is not a known one. */
export function exchangeName(mic: string | null | undefined): string | null {
  if (!mic) return null;
  const code = mic.trim().toUpperCase();
  return exchangeNames[code] ?? mic;
}

/** SIC descriptions open with a division for these: "SERVICES-PREPACKAGED SOFTWARE". */
const divisions = new Set(["RETAIL", "SERVICES", "WHOLESALE"]);
/** Words that stay lower case inside a title. */
const minorWords = new Set([
  "a",
  "an",
  "and",
  "as",
  "at",
  "by",
  "for",
  "in",
  "of",
  "on",
  "or",
  "the",
  "to",
  "with",
]);
/** Words written otherwise than in title case. */
const specialWords: Record<string, string> = { NEC: "NEC", "ETC.": "etc.", ETC: "etc." };

function titleWord(word: string, first: boolean): string {
  const special = specialWords[word];
  if (special) return special;
  const lower = word.toLowerCase();
  if (!first && minorWords.has(lower)) return lower;
  // Hyphenated words keep their hyphen: "EXCHANGE-TRADED" is "Exchange-Traded".
  return lower.replace(
    /(^|[-/(])([a-z])/g,
    (_match, before: string, letter: string) => before + letter.toUpperCase(),
  );
}

function titleCase(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .map((word, index) => titleWord(word, index === 0))
    .join(" ");
}

/**
 * An industry as a reader would write it: "ELECTRONIC COMPUTERS" is "Electronic Computers",
 * "SERVICES-PREPACKAGED SOFTWARE" is "Services: Prepackaged Software". Text that is not all upper
 * case was written by a person and is kept.
 */
export function industryName(sic: string | null | undefined): string | null {
  if (!sic?.trim()) return null;
  if (sic !== sic.toUpperCase()) return sic.trim();
  const division = /^([A-Z]+)-(.+)$/.exec(sic.trim());
  if (division && divisions.has(division[1]!)) {
    return `${titleCase(division[1]!)}: ${titleCase(division[2]!)}`;
  }
  return titleCase(sic);
}
