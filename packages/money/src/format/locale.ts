/**
 * The locale figures are written in (issue 36): the signed-in user's, set by the web app from its
 * session before a screen renders; en-US, the spec's own format, until then and on the server
 * (whose words, such as an alert's mail, are US English until messages are translated).
 * A module of its own, so the web app's first bundle can set it without the formats.
 */
let active = "en-US";

export function setFormatLocale(locale: string): void {
  active = locale;
}

export function formatLocale(): string {
  return active;
}

/** What `write` answers with figures written in en-US, for text that is read back as a number. */
export function inUsEnglish<T>(write: () => T): T {
  const was = active;
  active = "en-US";
  try {
    return write();
  } finally {
    active = was;
  }
}
