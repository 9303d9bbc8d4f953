import { createFileRoute } from "@tanstack/react-router";
import { useSession } from "../lib/use-session";
import { HomeHero } from "./-components/HomeHero";
import { Benefits, HowItWorks, SignUpBanner, Testimonials } from "./-components/HomeSections";

export const Route = createFileRoute("/")({
  head: () => ({ meta: [{ title: "Ledgerline · Your stocks and crypto, tracked exactly" }] }),
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
