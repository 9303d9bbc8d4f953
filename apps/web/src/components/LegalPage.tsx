import { m } from "@ledgerline/messages";
import type { ReactNode } from "react";
import { Card } from "./ui/Card";

/** Both legal pages changed last on the same day; a change to one gives it a date of its own. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-1 text-sm text-muted">
        {m.legal_last_updated({ date: m.legal_updated_date() })}
      </p>
      <div className="mt-6 space-y-4 leading-relaxed [&_h2]:mt-6 [&_h2]:text-lg [&_h2]:font-semibold">
        {children}
      </div>
    </Card>
  );
}
