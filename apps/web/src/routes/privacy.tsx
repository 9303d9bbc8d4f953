import { m } from "@ledgerline/messages";
import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "../components/LegalPage";
import { titled } from "../lib/head";

export const Route = createFileRoute("/privacy")({
  head: titled(m.footer_privacy()),
  component: () => (
    <LegalPage title={m.footer_privacy()}>
      <p>{m.legal_privacy_intro()}</p>
      <h2>{m.legal_privacy_keep_heading()}</h2>
      <p>{m.legal_privacy_keep_text()}</p>
      <h2>{m.legal_privacy_why_heading()}</h2>
      <p>{m.legal_privacy_why_text()}</p>
      <h2>{m.legal_privacy_where_heading()}</h2>
      <p>{m.legal_privacy_where_text()}</p>
      <h2>{m.legal_privacy_long_heading()}</h2>
      <p>{m.legal_privacy_long_text()}</p>
      <h2>{m.legal_privacy_choices_heading()}</h2>
      <p>{m.legal_privacy_choices_text()}</p>
    </LegalPage>
  ),
});
