import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link } from "@tanstack/react-router";
import { ChevronDown } from "lucide-react";

const itemClass =
  "block cursor-pointer rounded px-3 py-2 text-sm text-text outline-none data-[highlighted]:bg-surface-muted";

/** The admins' dropdown; Radix closes it on an outside click and on Escape. Loaded only for admins. */
export default function AdminMenu() {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="inline-flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-muted hover:bg-surface-muted hover:text-text data-[state=open]:text-text">
        Admin <ChevronDown aria-hidden="true" className="h-4 w-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-40 rounded-md border border-border bg-surface p-1 shadow-lg"
        >
          <DropdownMenu.Item asChild>
            <Link to="/users" className={itemClass}>
              Users
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/audit-logs" className={itemClass}>
              Audit Logs
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/corporate-actions" className={itemClass}>
              Corporate Actions
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
