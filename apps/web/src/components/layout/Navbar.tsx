import { Link, useRouterState, type LinkProps } from "@tanstack/react-router";
import { Menu, X } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useSession } from "../../lib/use-session";
import { ThemeToggle } from "./ThemeToggle";

const AdminMenu = lazy(() => import("./AdminMenu"));

interface NavItem {
  to: LinkProps["to"];
  label: string;
}

/** The signed-in links of the spec's navbar that exist so far, in the spec's order. */
const signedInLinks: NavItem[] = [
  { to: "/landing", label: "Home" },
  { to: "/stock-dashboard", label: "Stock Dashboard" },
  { to: "/search-area", label: "Stock Search" },
  { to: "/crypto-dashboard", label: "Crypto Dashboard" },
  { to: "/crypto", label: "Crypto Search" },
  { to: "/portfolio-summary", label: "Your Portfolio" },
  { to: "/transaction-history", label: "Transaction History" },
  { to: "/account", label: "Account" },
];

const signedOutLinks: NavItem[] = [
  { to: "/", label: "Home" },
  { to: "/login", label: "Login" },
  { to: "/register", label: "Register" },
];

const linkClass =
  "block rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-muted hover:bg-surface-muted hover:text-text data-[status=active]:text-primary";

async function logout() {
  const { logout: signOut } = await import("../../auth/session-calls");
  await signOut();
}

export function Navbar() {
  const session = useSession();
  // The mobile menu stays open only on the page where it was opened.
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const links = session ? signedInLinks : signedOutLinks;

  return (
    <header
      data-navbar
      className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur"
    >
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-4 py-2"
      >
        <Link
          to={session ? "/landing" : "/"}
          className="mr-2 flex items-center gap-2 text-lg font-bold text-text"
        >
          <img src="/favicon.svg" alt="" width="28" height="28" />
          Ledgerline
        </Link>
        <div className="ml-auto flex items-center gap-1 xl:hidden">
          <ThemeToggle />
          <button
            type="button"
            className="rounded-md p-2 text-muted hover:bg-surface-muted"
            aria-expanded={open}
            aria-controls="main-menu"
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpen(!open)}
          >
            {open ? (
              <X aria-hidden="true" className="h-5 w-5" />
            ) : (
              <Menu aria-hidden="true" className="h-5 w-5" />
            )}
          </button>
        </div>
        <div
          id="main-menu"
          className={`${open ? "flex" : "hidden"} w-full flex-col gap-1 pb-2 xl:flex xl:w-auto xl:flex-1 xl:flex-row xl:items-center xl:pb-0`}
        >
          <ul className="flex flex-col gap-1 xl:flex-row xl:items-center xl:gap-0">
            {links.map((item) => (
              <li key={item.label}>
                <Link to={item.to} className={linkClass} activeOptions={{ exact: true }}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-1 xl:ml-auto xl:flex-row xl:items-center">
            {session?.user.isAdmin && (
              // Until its code arrives, the menu's name where its button will be (an admin page's
              // prerendered first paint shows it too): the button takes its place, only wider
              // by its arrow, to the left, as this group is aligned to the right.
              <Suspense fallback={<span className={linkClass}>Admin</span>}>
                <AdminMenu />
              </Suspense>
            )}
            {session && (
              <button
                type="button"
                onClick={() => void logout()}
                className={`${linkClass} text-left`}
              >
                Logout
              </button>
            )}
            <span className="hidden xl:inline-flex">
              <ThemeToggle />
            </span>
          </div>
        </div>
      </nav>
    </header>
  );
}
