import { randomUUID } from "node:crypto";
import type { Repositories } from "@ledgerline/db";
import type { Logger } from "../logger";
import type { Transporter } from "nodemailer";
import { type Clock, dateOf } from "@ledgerline/clock";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** A mail sent by a job, named once for all the job's tries. */
export interface QueuedMail extends OutgoingMail {
  deliveryKey: string;
}

/**
 * Names a mail as it is queued: a worker killed after recording it but before its job ended
 * leaves a retry that finds the record and sends nothing again (decision 0052).
 */
export function withDeliveryKey(mail: OutgoingMail): QueuedMail {
  return { ...mail, deliveryKey: randomUUID() };
}

export interface Mailer {
  /**
   * Records the mail and delivers it; resolves once delivery was attempted, never rejects. A mail
   * with a delivery key is recorded and delivered once however often it is sent.
   */
  send(mail: OutgoingMail | QueuedMail): Promise<void>;
  close(): void;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  repos: Repositories;
  clock: Clock;
  logger: Logger;
}

/**
 * Every mail is written to the outbox table. With SMTP_URL it is also handed to that server;
 * without it the text goes to the server log, so reset links work offline in development.
 */
export function createMailer({ smtpUrl, from, repos, clock, logger }: MailerOptions): Mailer {
  // nodemailer (about 3 MB of heap) loads only where mail goes out through SMTP.
  const transport: Promise<Transporter> | undefined = smtpUrl
    ? import("nodemailer").then(({ createTransport }) => createTransport(smtpUrl))
    : undefined;
  return {
    async send(mail) {
      const row = {
        toAddress: mail.to,
        subject: mail.subject,
        bodyText: mail.text,
        createdAt: dateOf(clock),
        transport: transport ? ("smtp" as const) : ("outbox" as const),
      };
      const { id, undelivered } =
        "deliveryKey" in mail
          ? await repos.mailOutbox.insertOnce({ ...row, deliveryKey: mail.deliveryKey })
          : { id: await repos.mailOutbox.insert(row), undelivered: true };
      if (!undelivered) return;
      if (!transport) {
        logger.info(
          { mailId: id, to: mail.to, subject: mail.subject },
          `mail kept in outbox (no SMTP_URL):\n${mail.text}`,
        );
        return;
      }
      try {
        await (
          await transport
        ).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        await repos.mailOutbox.markSent(id, dateOf(clock));
      } catch (error) {
        logger.error({ err: error, mailId: id }, "mail delivery failed");
        await repos.mailOutbox.markFailed(
          id,
          error instanceof Error ? error.message : String(error),
        );
      }
    },
    close() {
      void transport?.then((open) => open.close());
    },
  };
}
