import { Link } from "@tanstack/react-router";
import { BarChart3, LineChart, Star, UserPlus } from "lucide-react";

const steps = [
  {
    icon: UserPlus,
    title: "Create your account",
    text: "Sign up in a minute with just a name, an email and a password.",
  },
  {
    icon: Star,
    title: "Build your watchlist",
    text: "Search US stocks by ticker or company name and cryptocurrencies by symbol, and keep the ones you follow.",
  },
  {
    icon: BarChart3,
    title: "Track your portfolio",
    text: "Record every buy and sell; Ledgerline works out your positions, average cost and gain or loss exactly.",
  },
  {
    icon: LineChart,
    title: "Make informed decisions",
    text: "Research a company's history, key statistics, related companies and news before you act.",
  },
];

const newInvestorBenefits = [
  "One simple place for every stock and coin you own",
  "Plain numbers: what you paid, what it is worth now, and the difference",
  "Top gainers and losers of the day to learn how the market moves",
  "Company profiles and news in everyday language",
];

const traderBenefits = [
  "Exact average-cost accounting on fractional quantities, down to 8 decimals",
  "A full, filterable and sortable transaction history",
  "Historical charts from one week to one year, price and volume",
  "A live watchlist that refreshes itself while you work",
];

const testimonials = [
  {
    quote: "I finally know what my crypto really cost me. The averages are right to the cent.",
    name: "Priya S.",
    role: "Part-time investor",
  },
  {
    quote:
      "The research page puts the chart, the numbers and the news on one screen. That is all I need before a trade.",
    name: "Marcus L.",
    role: "Active trader",
  },
  {
    quote:
      "I started with a watchlist of five stocks. Now I track my whole retirement portfolio here.",
    name: "Elena R.",
    role: "New investor",
  },
];

/** The four steps from signing up to deciding. */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading">
      <h2 id="how-heading" className="text-center text-3xl font-bold">
        How it works
      </h2>
      <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-xl border border-border bg-surface p-6">
            <div className="flex items-center gap-3">
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-primary font-bold text-primary-contrast">
                {index + 1}
              </span>
              <step.icon aria-hidden="true" className="h-6 w-6 text-primary" />
            </div>
            <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
            <p className="mt-2 text-sm text-muted">{step.text}</p>
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
        Benefits
      </h2>
      {[
        { title: "For new investors", items: newInvestorBenefits },
        { title: "For experienced traders", items: traderBenefits },
      ].map((group) => (
        <div key={group.title} className="rounded-xl border border-border bg-surface p-8">
          <h3 className="text-xl font-semibold">{group.title}</h3>
          <ul className="mt-4 space-y-3">
            {group.items.map((item) => (
              <li key={item} className="flex gap-3 text-muted">
                <span aria-hidden="true" className="text-gain">
                  ✓
                </span>
                {item}
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
        What investors say
      </h2>
      <p className="mt-2 text-center text-sm text-muted">Sample testimonials</p>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {testimonials.map((item) => (
          <figure key={item.name} className="rounded-xl border border-border bg-surface p-6">
            <blockquote className="text-text">“{item.quote}”</blockquote>
            <figcaption className="mt-4 text-sm text-muted">
              <span className="font-semibold text-text">{item.name}</span>, {item.role}
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
      <h2 className="text-3xl font-bold">Start tracking in a minute</h2>
      <p className="mt-2 opacity-90">It is free, and your data stays yours.</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link
          to="/register"
          className="inline-flex h-12 items-center rounded-md bg-surface px-6 font-medium text-text hover:opacity-90"
        >
          Register
        </Link>
        <Link
          to="/login"
          className="inline-flex h-12 items-center rounded-md border border-current px-6 font-medium hover:opacity-90"
        >
          Login
        </Link>
      </div>
    </section>
  );
}
