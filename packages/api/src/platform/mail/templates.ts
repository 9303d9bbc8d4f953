import type { OutgoingMail } from "./mailer";
import * as m from "@ledgerline/messages/api";
import { webLanguageOf, type AnswerLanguage } from "../../locale/answer-language";
import { textIn } from "../../locale/catalog";

/** A control character or a line or paragraph separator, which would lay a value out in lines. */
const LAYOUT_CHARACTER = /[\p{Cc}\u2028\u2029]/gu;

/** A control character's visible picture (U+2400 on: ␍ ␊ ␉ ␡), others the replacement character. */
function picture(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  return code === 0x7f ? "\u2421" : "\ufffd";
}

/**
 * A line of a mail's text with its values put in as text, never as layout: a line break or other
 * control character in a value (a name stored before names were checked, an alert's note) is
 * written as its picture, so no value can start a line of its own ('Hello Eve␍␊Bcc: ...').
 */
function line(strings: TemplateStringsArray, ...values: string[]): string {
  return strings.reduce((text, part, i) => text + asText(values[i - 1] ?? "") + part);
}

const asText = (value: string) => value.replace(LAYOUT_CHARACTER, picture);

/**
 * A mail's words are in its recipient's language (decision 0070): their account's, English for
 * a locale the catalog does not speak.
 */
function wordsFor(recipient: { locale: string }): { locale: AnswerLanguage } {
  return { locale: webLanguageOf(recipient.locale) ?? "en" };
}

/** Who a mail goes to: their address, name and account locale. */
export interface Recipient {
  email: string;
  name: string;
  locale: string;
}

export function passwordResetMail(to: Recipient, link: string): OutgoingMail {
  const options = wordsFor(to);
  return {
    to: to.email,
    subject: m.api_mail_reset_subject({}, options),
    text: [
      m.api_mail_hello({ name: asText(to.name) }, options),
      "",
      m.api_mail_reset_intro({}, options),
      "",
      line`${link}`,
      "",
      m.api_mail_reset_keys({}, options),
      "",
      m.api_mail_reset_not_you({}, options),
    ].join("\n"),
  };
}

/** Told to the old address; `to` is the account (its name and locale), before the change. */
export function emailChangedMail(
  to: Recipient,
  oldAddress: string,
  newAddress: string,
): OutgoingMail {
  const options = wordsFor(to);
  return {
    to: oldAddress,
    subject: m.api_mail_email_changed_subject({}, options),
    text: [
      m.api_mail_hello({ name: asText(to.name) }, options),
      "",
      m.api_mail_email_changed({ old: asText(oldAddress), new: asText(newAddress) }, options),
      "",
      m.api_mail_not_you_reset({}, options),
    ].join("\n"),
  };
}

/**
 * A fired alert's mail: a price alert's, or a drift alert's on a target mix. Its message is the
 * notification's English (alertMessage, driftAlertMessage), put into the recipient's language
 * through the catalog's `api_alert_*` messages; the note quoted as written.
 */
export function alertMail(
  to: Recipient,
  message: string,
  appOrigin: string,
  kind: "price" | "drift" = "price",
): OutgoingMail {
  const options = wordsFor(to);
  return {
    to: to.email,
    subject:
      kind === "price"
        ? m.api_mail_alert_subject_price({}, options)
        : m.api_mail_alert_subject_drift({}, options),
    text: [
      m.api_mail_hello({ name: asText(to.name) }, options),
      "",
      line`${textIn(message, options.locale)}.`,
      "",
      m.api_mail_alert_link({ link: asText(`${appOrigin}/alerts`) }, options),
      "",
      m.api_mail_alert_frequency({}, options),
    ].join("\n"),
  };
}

/** How a password came to be replaced, as its notice tells the owner. */
export type PasswordChangeWay = "account settings" | "reset link" | "administrator";

/** Told to the owner after any new password: what it ended, so a surprise is noticed. */
export function passwordChangedMail(
  to: Recipient,
  way: PasswordChangeWay,
  revokedKeys: number,
): OutgoingMail {
  const options = wordsFor(to);
  const changed = {
    "account settings": m.api_mail_password_changed_settings,
    "reset link": m.api_mail_password_changed_reset_link,
    administrator: m.api_mail_password_changed_administrator,
  }[way]({}, options);
  const keys =
    revokedKeys === 0
      ? m.api_mail_no_api_keys({}, options)
      : revokedKeys === 1
        ? m.api_mail_api_keys_revoked_one({}, options)
        : m.api_mail_api_keys_revoked_many({ count: String(revokedKeys) }, options);
  return {
    to: to.email,
    subject: m.api_mail_password_changed_subject({}, options),
    text: [
      m.api_mail_hello({ name: asText(to.name) }, options),
      "",
      `${changed} ${keys}`,
      "",
      m.api_mail_not_you_reset({}, options),
    ].join("\n"),
  };
}
