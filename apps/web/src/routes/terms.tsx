import { m } from "@ledgerline/messages";
import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "../components/LegalPage";
import { titled } from "../lib/head";

export const Route = createFileRoute("/terms")({
  head: titled(m.footer_terms()),
  component: () => (
    <LegalPage title={m.footer_terms()}>
      <p>{m.legal_terms_intro()}</p>
      <h2>{m.legal_terms_what_heading()}</h2>
      <p>{m.legal_terms_what_text()}</p>
      <h2>{m.legal_terms_account_heading()}</h2>
      <p>{m.legal_terms_account_text()}</p>
      <h2>{m.legal_terms_use_heading()}</h2>
      <p>{m.legal_terms_use_text()}</p>
      <h2>{m.legal_terms_liability_heading()}</h2>
      <p>{m.legal_terms_liability_text()}</p>
      <h2>{m.legal_terms_changes_heading()}</h2>
      <p>{m.legal_terms_changes_text()}</p>
    </LegalPage>
  ),
});
