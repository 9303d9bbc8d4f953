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
