import type { OutgoingMail } from "./mailer";

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
  return strings.reduce(
    (text, part, i) => text + (values[i - 1] ?? "").replace(LAYOUT_CHARACTER, picture) + part,
  );
}

export function passwordResetMail(to: string, name: string, link: string): OutgoingMail {
  return {
    to,
    subject: "Reset your Ledgerline password",
    text: [
      line`Hello ${name},`,
      "",
      "Someone asked to reset the password of your Ledgerline account. If it was you, open this link within 30 minutes to choose a new password:",
      "",
      line`${link}`,
      "",
      "A new password signs out every session and revokes your API keys, so scripts that use one will need a new key.",
      "",
      "If it was not you, ignore this email: your password stays as it is.",
    ].join("\n"),
  };
}

export function emailChangedMail(
  oldAddress: string,
  name: string,
  newAddress: string,
): OutgoingMail {
  return {
    to: oldAddress,
    subject: "Your Ledgerline email address was changed",
    text: [
      line`Hello ${name},`,
      "",
      line`The email address of your Ledgerline account was changed from ${oldAddress} to ${newAddress}.`,
      "",
      "If you did not make this change, reset your password at once and contact your administrator.",
    ].join("\n"),
  };
}

/** A fired alert's mail: a price alert's, or a drift alert's on a target mix. */
export function alertMail(
  to: string,
  name: string,
  message: string,
  appOrigin: string,
  kind: "price" | "drift" = "price",
): OutgoingMail {
  return {
    to,
    subject: `Ledgerline ${kind} alert`,
    text: [
      line`Hello ${name},`,
      "",
      line`${message}.`,
      "",
      line`Your alerts: ${appOrigin}/alerts`,
      "",
      "You get at most one mail an hour for each alert; every trigger is also in the bell of the app.",
    ].join("\n"),
  };
}

/** How a password came to be replaced, as its notice tells the owner. */
export type PasswordChangeWay = "account settings" | "reset link" | "administrator";

const changedBy: Record<PasswordChangeWay, string> = {
  "account settings": "in account settings",
  "reset link": "with a password-reset link",
  administrator: "by an administrator",
};

/** Told to the owner after any new password: what it ended, so a surprise is noticed. */
export function passwordChangedMail(
  to: string,
  name: string,
  way: PasswordChangeWay,
  revokedKeys: number,
): OutgoingMail {
  const keys =
    revokedKeys === 0
      ? "You had no API keys."
      : `Your ${revokedKeys === 1 ? "API key was" : `${revokedKeys} API keys were`} revoked: scripts that used ${revokedKeys === 1 ? "it" : "them"} need a new key from account settings.`;
  return {
    to,
    subject: "Your Ledgerline password was changed",
    text: [
      line`Hello ${name},`,
      "",
      `The password of your Ledgerline account was changed ${changedBy[way]}. Every other signed-in session was signed out. ${keys}`,
      "",
      "If you did not make this change, reset your password at once and contact your administrator.",
    ].join("\n"),
  };
}
