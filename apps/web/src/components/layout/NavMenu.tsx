import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link, type LinkProps } from "@tanstack/react-router";
import { ChevronDown } from "lucide-react";
import { navMenuButtonClass } from "./nav-classes";

export interface NavMenuItem {
  to: LinkProps["to"];
  label: string;
}

const itemClass =
  "block cursor-pointer rounded px-3 py-2 text-sm text-text outline-none data-[highlighted]:bg-surface-muted";

/**
 * A navbar dropdown (Admin; Portfolio on a wide screen); Radix closes it on an outside click and
 * on Escape. Loaded lazily, so the public pages' first script does not carry the menu library.
 */
export default function NavMenu({ label, items }: { label: string; items: NavMenuItem[] }) {
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
            <DropdownMenu.Item key={item.label} asChild>
              <Link to={item.to} className={itemClass}>
                {item.label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
