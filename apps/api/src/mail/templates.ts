import type { OutgoingMail } from "./mailer";

export function passwordResetMail(to: string, name: string, link: string): OutgoingMail {
  return {
    to,
    subject: "Reset your Ledgerline password",
    text: [
      `Hello ${name},`,
      "",
      "Someone asked to reset the password of your Ledgerline account. If it was you, open this link within 30 minutes to choose a new password:",
      "",
      link,
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
      `Hello ${name},`,
      "",
      `The email address of your Ledgerline account was changed from ${oldAddress} to ${newAddress}.`,
      "",
      "If you did not make this change, reset your password at once and contact your administrator.",
    ].join("\n"),
  };
}

export function priceAlertMail(
  to: string,
  name: string,
  message: string,
  appOrigin: string,
): OutgoingMail {
  return {
    to,
    subject: "Ledgerline price alert",
    text: [
      `Hello ${name},`,
      "",
      `${message}.`,
      "",
      `Your alerts: ${appOrigin}/alerts`,
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
      `Hello ${name},`,
      "",
      `The password of your Ledgerline account was changed ${changedBy[way]}. Every other signed-in session was signed out. ${keys}`,
      "",
      "If you did not make this change, reset your password at once and contact your administrator.",
    ].join("\n"),
  };
}
