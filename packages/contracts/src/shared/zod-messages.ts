import { z } from "zod";

/**
 * The project's words for what zod finds wrong where a schema gives no message of its own, in
 * place of zod's defaults ('Invalid input: expected string, received number'): each names the
 * field by its path ('symbol must be text', 'gainers.0.price is required'). Installed for every
 * schema once this package is imported (z.config is global); a schema's own message still wins.
 *
 * A German or Spanish reader gets them in the language at the API's door (decision 0070): each
 * sentence is an `api_zod_*` template in the catalog whose `{fieldPath}` is the path as written,
 * and each noun, format and unit below an `api_zod_*` term of its own. A new wording here needs
 * its key in packages/messages' en/de/es.json (catalog.test.ts lists every form).
 */

const nouns: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  object: "an object",
  record: "an object",
  array: "a list",
  tuple: "a list",
  set: "a list",
  map: "an object",
  date: "a date",
  null: "null",
};

const formats: Record<string, string> = {
  datetime: "an ISO 8601 date-time such as 2026-03-02T15:00:00Z",
  date: "a date such as 2026-03-02",
  time: "a time such as 15:00:00",
  email: "an email address",
  url: "a URL",
  uuid: "a UUID",
  base64: "base64 text",
  base64url: "base64url text",
  jwt: "a token",
};

/** A size's unit, for one and for more than one ('at most 1 item', 'at most 3 items'). */
const sizes: Record<string, [one: string, other: string]> = {
  string: ["character", "characters"],
  array: ["item", "items"],
  set: ["item", "items"],
  map: ["entry", "entries"],
  file: ["byte", "bytes"],
};

function valueText(value: unknown): string {
  return typeof value === "string" ? value : String(value);
}

/** 'name must have at most 100 characters', 'page must be at least 1', 'x must be less than 5'. */
function boundMessage(
  field: string,
  origin: string,
  limit: number | bigint,
  inclusive: boolean,
  side: "most" | "least",
): string {
  const units = sizes[origin];
  if (units) {
    const unit = Number(limit) === 1 ? units[0] : units[1];
    return `${field} must have at ${side} ${limit.toString()} ${unit}`;
  }
  const bound = inclusive ? `at ${side}` : side === "most" ? "less than" : "more than";
  return `${field} must be ${bound} ${limit.toString()}`;
}

/** What a message names when the whole input is wrong rather than one of its fields. */
export const WHOLE_INPUT = "The input";

function fieldOf(path: readonly PropertyKey[] | undefined): string {
  return path && path.length > 0 ? path.map(String).join(".") : WHOLE_INPUT;
}

/** The message for one issue zod raised without a message of its own. */
export function zodIssueMessage(issue: z.core.$ZodRawIssue): string {
  const field = fieldOf(issue.path);
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return `${field} is required`;
      return `${field} must be ${nouns[issue.expected] ?? `a ${issue.expected}`}`;
    case "invalid_value":
      if (issue.input === undefined) return `${field} is required`;
      return issue.values.length === 1
        ? `${field} must be ${valueText(issue.values[0])}`
        : `${field} must be one of ${issue.values.map(valueText).join(", ")}`;
    case "too_big":
      return boundMessage(field, issue.origin, issue.maximum, issue.inclusive !== false, "most");
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1)
        return `${field} cannot be empty`;
      return boundMessage(field, issue.origin, issue.minimum, issue.inclusive !== false, "least");
    case "invalid_format": {
      const format = formats[issue.format];
      return format ? `${field} must be ${format}` : `${field} is not in the expected format`;
    }
    case "not_multiple_of":
      return `${field} must be a multiple of ${issue.divisor}`;
    case "unrecognized_keys":
      return `${field} has fields it does not take: ${issue.keys.join(", ")}`;
    case "invalid_key":
      return `${field} has a key that is not valid`;
    case "invalid_element":
      return `${field} holds a value that is not valid`;
    default:
      return `${field} is not valid`;
  }
}

z.config({ customError: zodIssueMessage });
