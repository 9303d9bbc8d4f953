import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "../components/LegalPage";
import { titled } from "../lib/head";

export const Route = createFileRoute("/privacy")({
  head: titled("Privacy Policy"),
  component: () => (
    <LegalPage title="Privacy Policy" updated="January 1, 2025">
      <p>This policy says what Ledgerline keeps about you, why, and for how long.</p>
      <h2>What we keep</h2>
      <p>
        Your name, email address and a one-way hash of your password (never the password itself);
        the watchlists, positions and transactions you enter; and, for security, a log of sign-ins
        and account changes with the network address they came from.
      </p>
      <h2>Why</h2>
      <p>
        To run the service for you, to keep your account safe (for example, to stop password
        guessing), and to let administrators investigate problems. We do not sell your data or show
        you advertising.
      </p>
      <h2>Where it goes</h2>
      <p>
        Your data stays on the server that runs Ledgerline. Market prices are fetched by that
        server; your portfolio is never sent to a market-data provider.
      </p>
      <h2>How long</h2>
      <p>
        As long as your account exists. Deleting your account deletes your data at once; entries in
        the security log keep your email address so that the deletion itself stays on record.
      </p>
      <h2>Your choices</h2>
      <p>
        You can change your email and password, and delete your account, from Account Settings at
        any time.
      </p>
    </LegalPage>
  ),
});
