import { m } from "@ledgerline/messages";
import { createFileRoute } from "@tanstack/react-router";
import { useSession } from "../lib/use-session";
import { HomeHero } from "./-components/HomeHero";
import { Benefits, HowItWorks, SignUpBanner, Testimonials } from "./-components/HomeSections";

export const Route = createFileRoute("/")({
  head: () => ({ meta: [{ title: m.home_title() }] }),
  component: HomePage,
});

function HomePage() {
  const session = useSession();
  return (
    <div className="space-y-20">
      <HomeHero signedIn={!!session} />
      <HowItWorks />
      <Benefits />
      <Testimonials />
      {!session && <SignUpBanner />}
    </div>
  );
}
