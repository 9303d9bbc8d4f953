import type { Notification } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { notify } from "../../lib/notify";
import { preloadable, preloadOn } from "../../lib/preloadable";
import { trpc } from "../../lib/trpc";
import { Bell } from "lucide-react";

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

/** The bell button's look, the same before and after the notification menu's code loads. */
const bellButtonClass = "relative rounded-md p-2 text-muted hover:bg-surface-muted hover:text-text";

function bellLabel(unread: number): string {
  return unread > 0 ? m.notifications_label_unread({ unread }) : m.notifications_label();
}

/** The bell and its unread count: what the button shows. */
function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <Bell aria-hidden="true" className="h-5 w-5" />
      {unread > 0 && (
        <span
          data-testid="unread-count"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-loss px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </>
  );
}

/** The menu library (Radix) and the menu load when the bell is first approached or pressed. */
const NotificationMenu = preloadable(() => import("./NotificationMenu"));
const preloadMenu = preloadOn(() => NotificationMenu.preload());

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
  const [pressed, setPressed] = useState(false);
  const list = notifications.data ?? [];
  const unread = list.filter((item) => !item.readAt).length;
  // Until its first press the bell is a plain button: every signed-in page shows it, and few
  // open it, so its menu's code is not loaded, compiled and rendered with each first page.
  const trigger = {
    "aria-label": bellLabel(unread),
    className: bellButtonClass,
    children: <BellFace unread={unread} />,
  };
  const bell = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      {...trigger}
      {...preloadMenu}
      onClick={() => setPressed(true)}
    />
  );
  if (!pressed) return bell;
  return (
    <Suspense fallback={bell}>
      <NotificationMenu
        list={list}
        unread={unread}
        markRead={(ids) => markRead.mutate(ids ? { ids } : {})}
        trigger={trigger}
      />
    </Suspense>
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
  const [nav] = useState(() => document.querySelector<HTMLElement>("[data-navbar] nav"));
  if (!nav) return null;
  // Last in the nav (after the search, order-1): beside the menu button on small screens,
  // after the menu on wide ones.
  return createPortal(
    <div className="order-2 flex items-center">
      <NotificationCentre />
    </div>,
    nav,
  );
}
