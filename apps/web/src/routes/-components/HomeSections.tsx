import { m } from "@ledgerline/messages";
import { Link } from "@tanstack/react-router";
import { Svg, type IconProps } from "../../components/ui/icons";

// The steps' icons, as lucide-react's user-plus, star, bar-chart-3 and line-chart (components/ui/icons).
const UserPlus = ({ className }: IconProps) => (
  <Svg name="user-plus" className={className}>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <line x1="19" x2="19" y1="8" y2="14" />
    <line x1="22" x2="16" y1="11" y2="11" />
  </Svg>
);
const Star = ({ className }: IconProps) => (
  <Svg name="star" className={className}>
    <path d="M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z" />
  </Svg>
);
const BarChart3 = ({ className }: IconProps) => (
  <Svg name="chart-column lucide-bar-chart-3" className={className}>
    <path d="M3 3v16a2 2 0 0 0 2 2h16" />
    <path d="M18 17V9" />
    <path d="M13 17V5" />
    <path d="M8 17v-3" />
  </Svg>
);
const LineChart = ({ className }: IconProps) => (
  <Svg name="chart-line lucide-line-chart" className={className}>
    <path d="M3 3v16a2 2 0 0 0 2 2h16" />
    <path d="m19 9-5 5-4-4-3 3" />
  </Svg>
);

// Functions, not texts: a message is read in the language the page is drawn in.
const steps = [
  { icon: UserPlus, title: m.home_step_account_title, text: m.home_step_account_text },
  { icon: Star, title: m.home_step_watchlist_title, text: m.home_step_watchlist_text },
  { icon: BarChart3, title: m.home_step_portfolio_title, text: m.home_step_portfolio_text },
  { icon: LineChart, title: m.home_step_decide_title, text: m.home_step_decide_text },
];

const newInvestorBenefits = [
  m.home_new_investor_place,
  m.home_new_investor_numbers,
  m.home_new_investor_movers,
  m.home_new_investor_news,
];

const traderBenefits = [
  m.home_trader_average,
  m.home_trader_history,
  m.home_trader_charts,
  m.home_trader_watchlist,
];

const testimonials = [
  { quote: m.home_quote_priya, name: "Priya S.", role: m.home_role_priya },
  { quote: m.home_quote_marcus, name: "Marcus L.", role: m.home_role_marcus },
  { quote: m.home_quote_elena, name: "Elena R.", role: m.home_role_elena },
];

/** The four steps from signing up to deciding. */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading">
      <h2 id="how-heading" className="text-center text-3xl font-bold">
        {m.home_how_heading()}
      </h2>
      <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={index} className="rounded-xl border border-border bg-surface p-6">
            <div className="flex items-center gap-3">
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-primary font-bold text-primary-contrast">
                {index + 1}
              </span>
              <step.icon className="h-6 w-6 text-primary" />
            </div>
            <h3 className="mt-4 text-lg font-semibold">{step.title()}</h3>
            <p className="mt-2 text-sm text-muted">{step.text()}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What it gives a new investor, and an experienced trader. */
export function Benefits() {
  return (
    <section aria-labelledby="benefits-heading" className="grid gap-6 lg:grid-cols-2">
      <h2 id="benefits-heading" className="sr-only">
        {m.home_benefits_heading()}
      </h2>
      {[
        { title: m.home_new_investors(), items: newInvestorBenefits },
        { title: m.home_traders(), items: traderBenefits },
      ].map((group, index) => (
        <div key={index} className="rounded-xl border border-border bg-surface p-8">
          <h3 className="text-xl font-semibold">{group.title}</h3>
          <ul className="mt-4 space-y-3">
            {group.items.map((item, itemIndex) => (
              <li key={itemIndex} className="flex gap-3 text-muted">
                <span aria-hidden="true" className="text-gain">
                  ✓
                </span>
                {item()}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** Three sample testimonials. */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading">
      <h2 id="testimonials-heading" className="text-center text-3xl font-bold">
        {m.home_testimonials_heading()}
      </h2>
      <p className="mt-2 text-center text-sm text-muted">{m.home_testimonials_sample()}</p>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {testimonials.map((item) => (
          <figure key={item.name} className="rounded-xl border border-border bg-surface p-6">
            <blockquote className="text-text">“{item.quote()}”</blockquote>
            <figcaption className="mt-4 text-sm text-muted">
              <span className="font-semibold text-text">{item.name}</span>, {item.role()}
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}

/** The closing call to register, for someone not signed in. */
export function SignUpBanner() {
  return (
    <section className="rounded-2xl bg-primary px-8 py-12 text-center text-primary-contrast">
      <h2 className="text-3xl font-bold">{m.home_signup_heading()}</h2>
      <p className="mt-2 opacity-90">{m.home_signup_text()}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link
          to="/register"
          className="inline-flex h-12 items-center rounded-md bg-surface px-6 font-medium text-text hover:opacity-90"
        >
          {m.nav_register()}
        </Link>
        <Link
          to="/login"
          className="inline-flex h-12 items-center rounded-md border border-current px-6 font-medium hover:opacity-90"
        >
          {m.nav_login()}
        </Link>
      </div>
    </section>
  );
}
