import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "../components/LegalPage";
import { titled } from "../lib/head";

export const Route = createFileRoute("/terms")({
  head: titled("Terms of Service"),
  component: () => (
    <LegalPage title="Terms of Service" updated="January 1, 2025">
      <p>
        These terms govern your use of Ledgerline, a tool for tracking stocks and cryptocurrencies
        you own or follow. By creating an account you accept them.
      </p>
      <h2>What Ledgerline is, and is not</h2>
      <p>
        Ledgerline records the positions and transactions you enter and shows market data next to
        them. It does not execute trades, hold money or give investment advice. Market data may be
        delayed, simulated or incomplete; check important figures with your broker before you act on
        them.
      </p>
      <h2>Your account</h2>
      <p>
        Keep your password to yourself and tell an administrator at once if you think someone else
        has used your account. You are responsible for what is done with it. You may delete your
        account at any time from Account Settings; its data is deleted with it.
      </p>
      <h2>Acceptable use</h2>
      <p>
        Do not try to reach other users' data, overload the service, or get around its limits and
        security. We may suspend accounts that do.
      </p>
      <h2>Liability</h2>
      <p>
        Ledgerline is provided as it is. To the extent the law allows, we are not liable for losses
        arising from decisions made with its figures.
      </p>
      <h2>Changes</h2>
      <p>
        We may change these terms; the date above tells you when they last changed. Using Ledgerline
        after a change means you accept the new terms.
      </p>
    </LegalPage>
  ),
});
