import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, expect, it } from "vitest";
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
});
