import { WHOLE_INPUT } from "@ledgerline/contracts";
import * as apiMessages from "@ledgerline/messages/api";
import type { AnswerLanguage } from "./answer-language";

/**
 * The API's texts in the reader's language (decision 0070), through the web's message catalog
 * (packages/messages, compiled by Paraglide; a message takes `{ locale }` per call). The server
 * imports only the catalog's `api_*` messages (its `api` entry), not the screens'.
 *
 * The API keeps writing its texts in English, from the contracts, word for word as the spec and
 * its tests have them; the doors put an answer's English into the request's language as it goes
 * out. The catalog is the dictionary: a text is the `api_` message whose English it is; a text
 * built with values ("Cannot sell more than 5 shares") is the one whose English it matches,
 * placeholder for value, and a value that is itself one of the messages ("Quantity" in
 * "Quantity must be greater than 0", `api_term_quantity`) is put into the language too. A text
 * the catalog lacks stays English.
 */

type Message = (inputs?: Record<string, string>, options?: { locale?: AnswerLanguage }) => string;

interface Pattern {
  key: string;
  regex: RegExp;
  /** The placeholders' names, in the order of the regex's groups. */
  names: string[];
}

export interface Catalog {
  messages: Readonly<Record<string, Message>>;
  /** English text -> key, for every message without placeholders but the slices'. */
  exact: Map<string, string>;
  /**
   * A portfolio slice's name ("Cash", "Information Technology") -> its `api_slice_` key: put
   * into the language only where a text names a slice (`{slice}`), so a user's own value that
   * happens to equal one (an account called "Cash") stays as written elsewhere.
   */
  slices: Map<string, string>;
  patterns: Pattern[];
  /**
   * The patterns a text may match, by the text's first character: those whose English begins
   * with it, and those that begin with a placeholder, in the order of `patterns` (the first
   * match wins). A text whose first character none begins with may match only the latter.
   */
  byFirst: Map<string, Pattern[]>;
  placeholderFirst: Pattern[];
}

/** Marks a placeholder in a message's English: no text a reader sees holds a NUL. */
const MARK = "\u0000";

const placeholders = new Proxy(
  {},
  { get: (_target, name) => (typeof name === "string" ? `${MARK}${name}${MARK}` : undefined) },
) as Record<string, string>;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The placeholders that hold a whole text of the API, a user's own words, a field's path, and a
 * slice of the portfolio.
 */
const SENTENCE = "sentence";
const QUOTE = "quote";
const FIELD_PATH = "fieldPath";
const SLICE = "slice";
const SLICE_KEY = /^api_slice_/;

/**
 * What a placeholder's value may be in a text: any text, but a field's path (zod's messages,
 * "gainers.0.price must be a number") has no spaces or is the whole input, so that the templates
 * beginning with one ("{fieldPath} is required") match no other sentence.
 */
const valueSource = (name: string) =>
  name === FIELD_PATH ? `(\\S+|${escaped(WHOLE_INPUT)})` : "([\\s\\S]+?)";

/**
 * The regex matching an English template's texts: each placeholder stands for its values
 * (`valueSource`).
 */
function patternOf(key: string, template: string): Pattern & { first: string } {
  const parts = template.split(MARK);
  const names: string[] = [];
  let source = "^";
  parts.forEach((part, index) => {
    if (index % 2 === 0) {
      source += escaped(part);
      return;
    }
    const seen = names.indexOf(part);
    if (seen >= 0) source += `\\${seen + 1}`;
    else {
      names.push(part);
      source += valueSource(part);
    }
  });
  return { key, regex: new RegExp(`${source}$`), names, first: parts[0]!.charAt(0) };
}

/** The dictionary of compiled messages (exported for its tests). */
export function indexCatalog(messages: Readonly<Record<string, Message>>): Catalog {
  const catalog: Catalog = {
    messages,
    exact: new Map(),
    slices: new Map(),
    patterns: [],
    byFirst: new Map(),
    placeholderFirst: [],
  };
  const firsts: string[] = [];
  // In the keys' order, as a module's namespace lists its exports natively; vitest's module
  // runner lists them in the catalog file's order. A template whose English another's extends
  // ("{fieldPath} must be {value}") must sort after that other's key.
  const keys = Object.keys(messages).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const key of keys) {
    const message = messages[key]!;
    const english = message(placeholders, { locale: "en" });
    if (!english.includes(MARK)) {
      (SLICE_KEY.test(key) ? catalog.slices : catalog.exact).set(english, key);
      continue;
    }
    const { first, ...pattern } = patternOf(key, english);
    catalog.patterns.push(pattern);
    firsts.push(first);
  }
  // A preview's 200,000 row texts each tried against every template was ~4 µs a text.
  catalog.patterns.forEach((pattern, index) => {
    const first = firsts[index]!;
    if (first === "") {
      catalog.placeholderFirst.push(pattern);
      for (const list of catalog.byFirst.values()) list.push(pattern);
    } else {
      const list = catalog.byFirst.get(first) ?? [...catalog.placeholderFirst];
      list.push(pattern);
      catalog.byFirst.set(first, list);
    }
  });
  return catalog;
}

const apiCatalog = indexCatalog(apiMessages as unknown as Record<string, Message>);

/**
 * A value inside a text: a term of the catalog ("Quantity") in the language, else as it is. A
 * placeholder named `sentence` holds a whole text of the API ("Row 12: {sentence}", the row's
 * own text), put into the language as any text is; one named `quote` holds the user's own words
 * (an alert's note), left as they are; one named `fieldPath` a field's path as the request wrote
 * it, left as it is, or the whole input ("The input"), a term; one named `slice` a slice of the
 * portfolio (a drift alert's), its name in the language when the catalog has it.
 */
function valueIn(name: string, value: string, language: AnswerLanguage, catalog: Catalog): string {
  if (name === SENTENCE) return textIn(value, language, catalog);
  if (name === QUOTE || (name === FIELD_PATH && value !== WHOLE_INPUT)) return value;
  const key = (name === SLICE ? catalog.slices : catalog.exact).get(value);
  return key ? catalog.messages[key]!({}, { locale: language }) : value;
}

/** An English text of the API in a language, as far as the catalog knows it. */
export function textIn(
  text: string,
  language: AnswerLanguage,
  catalog: Catalog = apiCatalog,
): string {
  if (language === "en") return text;
  const key = catalog.exact.get(text);
  if (key) return catalog.messages[key]!({}, { locale: language });
  const candidates = catalog.byFirst.get(text.charAt(0)) ?? catalog.placeholderFirst;
  for (const { key, regex, names } of candidates) {
    const match = regex.exec(text);
    if (!match) continue;
    const inputs: Record<string, string> = {};
    names.forEach((name, index) => {
      inputs[name] = valueIn(name, match[index + 1] ?? "", language, catalog);
    });
    return catalog.messages[key]!(inputs, { locale: language });
  }
  return text;
}

/** What an error answer says; `issues` per field, `message` their distinct texts joined by "; ". */
export interface ErrorTexts {
  message: string;
  issues?: { path: string; message: string }[] | null;
}

/** An error answer's texts in a language: each issue's, and the message (rejoined if theirs). */
export function errorIn<T extends ErrorTexts>(body: T, language: AnswerLanguage): T {
  if (language === "en") return body;
  if (!body.issues?.length) return { ...body, message: textIn(body.message, language) };
  const joined = (issues: { message: string }[]) =>
    [...new Set(issues.map((issue) => issue.message))].join("; ");
  const issues = body.issues.map((issue) => ({
    ...issue,
    message: textIn(issue.message, language),
  }));
  const message =
    body.message === joined(body.issues) ? joined(issues) : textIn(body.message, language);
  return { ...body, message, issues };
}

/** A `{ message }` answer (contracts' messageResult) in a language; any other answer as it is. */
export function messageResultIn(data: unknown, language: AnswerLanguage): unknown {
  if (typeof data !== "object" || data === null) return data;
  const keys = Object.keys(data);
  const { message } = data as { message?: unknown };
  if (keys.length !== 1 || typeof message !== "string") return data;
  return { message: textIn(message, language) };
}
