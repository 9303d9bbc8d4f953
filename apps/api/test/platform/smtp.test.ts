import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withDeliveryKey } from "@ledgerline/api/platform/mail/mailer";
import { startTestApp, type TestApp } from "../support/test-app";

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

let smtp: SMTPServer;
let received: ReceivedMail[];
let t: TestApp;

beforeEach(async () => {
  received = [];
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(
        address.address.startsWith("refused") ? new Error("Mailbox unavailable") : undefined,
      );
    },
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await startTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      MAIL_FROM: "Ledgerline <no-reply@ledgerline.test>",
    },
  });
});

afterEach(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it("delivers the password reset mail through SMTP_URL and marks it sent in the outbox", async () => {
  await t.registerUser({ email: "smtp@example.com" });
  await t.request("POST", "/api/auth/forgot-password", { body: { email: "smtp@example.com" } });
  await t.settled();

  expect(received).toHaveLength(1);
  expect(received[0]?.from).toBe("no-reply@ledgerline.test");
  expect(received[0]?.to).toEqual(["smtp@example.com"]);
  const body = received[0]?.data.replace(/=\r?\n/g, "").replace(/=3D/g, "=") ?? "";
  expect(body).toMatch(/Subject: Reset your Ledgerline password/);
  expect(body).toMatch(
    /https:\/\/ledgerline\.test\/reset-password\?token=[A-Za-z0-9_-]{43}&email=smtp%40example\.com/,
  );

  const [mail] = await t.app.deps.repos.mailOutbox.listFor("smtp@example.com");
  expect(mail?.transport).toBe("smtp");
  expect(mail?.sentAt).toBeInstanceOf(Date);
  // Named as it was queued, so a retry of its job cannot send it again.
  expect(mail?.deliveryKey).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  );
});

describe("a mail job tried again", () => {
  const queued = (to = "again@example.com") =>
    withDeliveryKey({ to, subject: "Password changed", text: "It was you?" });

  it("after its mail was delivered sends nothing more", async () => {
    const mail = queued();
    await t.app.deps.mailer.send(mail);
    await t.app.deps.mailer.send(mail);

    expect(received).toHaveLength(1);
    const kept = await t.app.deps.repos.mailOutbox.listFor("again@example.com");
    expect(kept).toHaveLength(1);
    expect(kept[0]?.sentAt).toBeInstanceOf(Date);
  });

  it("after its worker died between recording and delivering the mail delivers it once", async () => {
    const mail = queued();
    // What the killed try left: the outbox row, neither sent nor failed.
    await t.app.deps.repos.mailOutbox.insert({
      toAddress: mail.to,
      subject: mail.subject,
      bodyText: mail.text,
      createdAt: new Date(),
      transport: "smtp",
      deliveryKey: mail.deliveryKey,
    });
    await t.app.deps.mailer.send(mail);
    await t.app.deps.mailer.send(mail);

    expect(received).toHaveLength(1);
    expect(received[0]?.data).toMatch(/Subject: Password changed/);
    const kept = await t.app.deps.repos.mailOutbox.listFor("again@example.com");
    expect(kept).toHaveLength(1);
    expect(kept[0]?.sentAt).toBeInstanceOf(Date);
  });

  it("after its delivery failed does not try again (the failure is kept, as decided in 0052)", async () => {
    const mail = queued("refused@example.com");
    await t.app.deps.mailer.send(mail);
    await t.app.deps.mailer.send(mail);

    expect(received).toHaveLength(0);
    const kept = await t.app.deps.repos.mailOutbox.listFor("refused@example.com");
    expect(kept).toHaveLength(1);
    expect(kept[0]?.sentAt).toBeNull();
    expect(kept[0]?.error).toEqual(expect.any(String));
  });
});
