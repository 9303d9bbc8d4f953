import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { Notification } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { formatDateTime } from "../../lib/format";

export interface NotificationMenuProps {
  list: readonly Notification[];
  unread: number;
  /** Marks these notifications read, or all of them when no ids are given. */
  markRead: (ids?: number[]) => void;
  /** The bell button's label, look and face, as the bell shows them before this loads. */
  trigger: { "aria-label": string; className: string; children: ReactNode };
}

/**
 * The notification centre's menu, with its own bell button. Loaded when the bell is first
 * pressed (NotificationBell), open from its first render, since that press asked for it.
 */
export default function NotificationMenu({
  list,
  unread,
  markRead,
  trigger,
}: NotificationMenuProps) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger {...trigger} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 max-h-[70vh] w-80 overflow-y-auto rounded-md border border-border bg-surface p-1 text-text shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-sm font-semibold">
            {m.notifications_label()}
          </DropdownMenu.Label>
          {list.length === 0 && (
            <p className="px-3 py-2 text-sm text-muted">{m.notifications_empty()}</p>
          )}
          {list.map((item) => (
            <DropdownMenu.Item
              key={item.id}
              data-notification-id={item.id}
              onSelect={() => !item.readAt && markRead([item.id])}
              className="block cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-muted"
            >
              <span className={item.readAt ? "text-muted" : "font-medium"}>
                {!item.readAt && <span className="sr-only">{m.notifications_unread()}</span>}
                {item.message}
              </span>
              <span className="mt-0.5 block text-xs text-muted">
                {formatDateTime(item.createdAt)}
              </span>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {unread > 0 && (
            <DropdownMenu.Item
              onSelect={() => markRead()}
              className="block cursor-pointer rounded px-3 py-2 text-sm text-primary outline-none data-[highlighted]:bg-surface-muted"
            >
              {m.notifications_mark_all_read()}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild>
            <Link
              to="/alerts"
              className="block cursor-pointer rounded px-3 py-2 text-sm text-primary outline-none data-[highlighted]:bg-surface-muted"
            >
              {m.notifications_your_alerts()}
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
