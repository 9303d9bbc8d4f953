import { Link } from "@tanstack/react-router";
import type { NavItem } from "./NavMenu";

export const navLinkClass =
  "block rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-muted hover:bg-surface-muted hover:text-text data-[status=active]:text-primary";

export function NavLink({ item }: { item: NavItem }) {
  return (
    <Link to={item.to} className={navLinkClass} activeOptions={{ exact: true }}>
      {item.label()}
    </Link>
  );
}
