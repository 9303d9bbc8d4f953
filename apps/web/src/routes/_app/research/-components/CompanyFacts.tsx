import { m } from "@ledgerline/messages";
import type { CompanyAddress, CompanyDetails } from "@ledgerline/contracts";
import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { exchangeName, industryName } from "@ledgerline/contracts/browser";
import { formatCalendarDate, formatMarketCap, formatNumber, orNA } from "../../../../lib/format";
import { Panel } from "../../../../components/ui/Panel";

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="divide-y divide-border text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 py-2">
          <dt className="text-muted">{label}</dt>
          <dd className="num text-right font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function KeyStatistics({ details }: { details: CompanyDetails }) {
  return (
    <Panel titleId="stats-heading" title={m.research_key_statistics()} titleClassName="mb-1">
      <Facts
        rows={[
          [m.research_market_cap(), formatMarketCap(details.market_cap)],
          [m.research_employees(), formatNumber(details.total_employees)],
          [m.research_listed_since(), formatCalendarDate(details.list_date)],
          // The names people know, not the codes of the data: Nasdaq, not XNAS.
          [m.research_exchange(), orNA(exchangeName(details.primary_exchange))],
          [m.research_industry(), orNA(industryName(details.sic_description))],
          [m.research_outstanding_shares(), formatNumber(details.weighted_shares_outstanding)],
        ]}
      />
    </Panel>
  );
}

function addressLines(address: CompanyAddress | null): string[] {
  if (!address) return [];
  const cityLine = [address.city, [address.state, address.postal_code].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return [address.address1, cityLine].filter((line): line is string => Boolean(line));
}

/** Only http(s) addresses become links; anything else is shown as text. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

export function AboutCompany({ details }: { details: CompanyDetails }) {
  const lines = addressLines(details.address);
  const website = details.homepage_url;
  return (
    <Panel
      titleId="about-heading"
      title={m.research_about({ name: details.name })}
      titleClassName="mb-2"
    >
      <p className="text-sm leading-relaxed">
        {details.description ?? m.research_no_description()}
      </p>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">{m.research_headquarters()}</dt>
          <dd className="mt-0.5 font-medium">
            {lines.length
              ? lines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))
              : m.asset_not_available()}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{m.research_phone()}</dt>
          <dd className="num mt-0.5 font-medium">{orNA(details.phone_number)}</dd>
        </div>
        <div>
          <dt className="text-muted">{m.research_website()}</dt>
          <dd className="mt-0.5 font-medium break-all">
            {website && isWebAddress(website) ? (
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-primary hover:underline"
              >
                {website.replace(/^https?:\/\//i, "").replace(/\/$/, "")}
                <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
                <span className="sr-only">{m.asset_opens_new_tab()}</span>
              </a>
            ) : (
              orNA(website)
            )}
          </dd>
        </div>
      </dl>
    </Panel>
  );
}
