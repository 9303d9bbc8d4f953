import { m } from "@ledgerline/messages";
import { Link } from "@tanstack/react-router";
import { buttonClass } from "../../components/ui/Button";

/** Register and Login, or the way to the home page for someone signed in. */
function HeroLinks({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <Link to="/landing" className={buttonClass("primary", "lg")}>
      {m.home_go_home()}
    </Link>
  ) : (
    <>
      <Link to="/register" className={buttonClass("primary", "lg")}>
        {m.nav_register()}
      </Link>
      <Link to="/login" className={buttonClass("secondary", "lg")}>
        {m.nav_login()}
      </Link>
    </>
  );
}

/** An illustration of the app: three sample tiles and a rising line (hidden from readers). */
function HeroIllustration() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-border bg-surface p-6 shadow-sm">
      {/* Three tiles side by side from a small tablet on; on a phone, where a tile would be
          narrower than its figure, one row each, the label at the left. */}
      <div data-testid="home-tiles" className="grid gap-2 text-sm sm:grid-cols-3 sm:gap-3">
        {[
          [m.home_tile_portfolio(), "$48,210.55", "+4.12%"],
          [m.home_tile_stocks(), "$39,870.10", "+3.05%"],
          [m.home_tile_crypto(), "$8,340.45", "+9.58%"],
        ].map(([label, value, change]) => (
          <div
            key={label}
            className="flex items-baseline justify-between gap-3 rounded-lg bg-surface-muted px-3 py-2 sm:block sm:p-3"
          >
            <p className="text-muted">{label}</p>
            <div className="flex items-baseline gap-3 sm:block">
              <p className="num font-semibold sm:mt-1">{value}</p>
              <p className="num whitespace-nowrap text-gain">▲ {change}</p>
            </div>
          </div>
        ))}
      </div>
      <svg viewBox="0 0 300 90" className="mt-6 w-full text-primary">
        <path
          d="M0 70 L30 62 L60 66 L90 50 L120 54 L150 38 L180 42 L210 28 L240 32 L270 18 L300 12"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <p className="mt-2 text-xs text-muted">{m.home_illustration()}</p>
    </div>
  );
}

/** The home page's opening: what Ledgerline is, the way in, and an illustration. */
export function HomeHero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="grid items-center gap-10 py-8 lg:grid-cols-2 lg:py-16">
      <div>
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
          {m.home_heading()}
          <span className="text-primary">{m.home_heading_emphasis()}</span>.
        </h1>
        <p className="mt-5 max-w-xl text-lg text-muted">{m.home_intro()}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <HeroLinks signedIn={signedIn} />
        </div>
      </div>
      <HeroIllustration />
    </section>
  );
}
