import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { m } from "@ledgerline/messages";
import { Link, type LinkProps } from "@tanstack/react-router";
import { ChevronDown } from "lucide-react";
import { navMenuButtonClass } from "./nav-classes";

/** A navbar link; its label is the catalog's message, called as it renders. */
export interface NavItem {
  to: LinkProps["to"];
  label: () => string;
}

// Here rather than in the navbar: only an admin's menu shows them, so the public pages' first
// script does not carry their names (~0.1 KB gzip in German, where /login had no more room).
const adminPages: NavItem[] = [
  { to: "/users", label: m.nav_users },
  { to: "/audit-logs", label: m.nav_audit_logs },
  { to: "/corporate-actions", label: m.nav_corporate_actions },
  { to: "/jobs", label: m.nav_jobs },
];

const itemClass =
  "block cursor-pointer rounded px-3 py-2 text-sm text-text outline-none data-[highlighted]:bg-surface-muted";

/**
 * A navbar dropdown (Admin; Portfolio on a wide screen); Radix closes it on an outside click and
 * on Escape. Loaded lazily, so the public pages' first script does not carry the menu library.
 */
export default function NavMenu({ label, items }: { label: string; items: NavItem[] }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={navMenuButtonClass}>
        {label} <ChevronDown aria-hidden="true" className="h-4 w-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-40 rounded-md border border-border bg-surface p-1 shadow-lg"
        >
          {items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <Link to={item.to} className={itemClass}>
                {item.label()}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function AdminMenu() {
  return <NavMenu label={m.nav_admin()} items={adminPages} />;
}
