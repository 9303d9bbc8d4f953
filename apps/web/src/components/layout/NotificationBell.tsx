import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { Notification } from "@ledgerline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Bell } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { formatDateTime } from "../../lib/format";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

/** How often the bell asks for new notifications (alerts are evaluated on the server). */
const NOTIFICATIONS_POLL_MS = 10_000;

/**
 * Toasts each notification that arrives while the page is open; the ones already there when it
 * opened are only counted on the bell.
 */
function useToastArrivals(list: readonly Notification[] | undefined) {
  const seen = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!list) return;
    if (seen.current === null) {
      seen.current = new Set(list.map((item) => item.id));
      return;
    }
    for (const item of list) {
      if (seen.current.has(item.id)) continue;
      seen.current.add(item.id);
      if (!item.readAt) notify.info(item.message, { toastId: `notification-${item.id}` });
    }
  }, [list]);
}

function NotificationCentre() {
  const client = useQueryClient();
  const notifications = useQuery({
    ...trpc.notifications.list.queryOptions(),
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });
  useToastArrivals(notifications.data);
  const markRead = useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSettled: () => client.invalidateQueries(trpc.notifications.list.pathFilter()),
    }),
  );
  const list = notifications.data ?? [];
  const unread = list.filter((item) => !item.readAt).length;

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        className="relative rounded-md p-2 text-muted hover:bg-surface-muted hover:text-text"
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        {unread > 0 && (
          <span
            data-testid="unread-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-loss px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 max-h-[70vh] w-80 overflow-y-auto rounded-md border border-border bg-surface p-1 text-text shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-sm font-semibold">
            Notifications
          </DropdownMenu.Label>
          {list.length === 0 && (
            <p className="px-3 py-2 text-sm text-muted">Nothing yet. Triggered alerts show here.</p>
          )}
          {list.map((item) => (
            <DropdownMenu.Item
              key={item.id}
              data-notification-id={item.id}
              onSelect={() => !item.readAt && markRead.mutate({ ids: [item.id] })}
              className="block cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-muted"
            >
              <span className={item.readAt ? "text-muted" : "font-medium"}>
                {!item.readAt && <span className="sr-only">Unread: </span>}
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
              onSelect={() => markRead.mutate({})}
              className="block cursor-pointer rounded px-3 py-2 text-sm text-primary outline-none data-[highlighted]:bg-surface-muted"
            >
              Mark all read
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild>
            <Link
              to="/alerts"
              className="block cursor-pointer rounded px-3 py-2 text-sm text-primary outline-none data-[highlighted]:bg-surface-muted"
            >
              Your alerts
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The navbar's bell with its unread count and the notification centre. The signed-in layout
 * renders it lazily, inside the query cache the signed-in pages use, and it joins the navbar's
 * main nav from here: the navbar itself, which the public pages load first, gains not a byte
 * (their script budget has no room left).
 */
export default function NotificationBell() {
  // The navbar is on the page before this lazily loaded component first renders.
  const [nav] = useState(() => document.querySelector<HTMLElement>('nav[aria-label="Main"]'));
  if (!nav) return null;
  // Last in the nav: beside the menu button on small screens, after the menu on wide ones.
  return createPortal(
    <div className="flex items-center">
      <NotificationCentre />
    </div>,
    nav,
  );
}
