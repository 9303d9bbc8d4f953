import { m } from "@ledgerline/messages";
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useRouter } from "@tanstack/react-router";
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from "react";
import { Button } from "./Button";
import { cx } from "./cx";

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /**
   * For content in steps (a form, then its confirmation): when the step changes, the dialog
   * keeps the height it had, so it stays in place and the second click of a double-click on
   * the first step's button lands inside the dialog rather than on the overlay (closing it).
   * The dialog is then a column a step may fill (`flex-1`), so a shorter step has no empty area.
   */
  step?: string;
  /** What the browser's Back button does while the dialog is open (default: close it). */
  onBack?: () => void;
  /** What takes focus when the dialog opens (default: its first focusable element, Close). */
  initialFocus?: RefObject<HTMLElement | null>;
}

/** The history state's key that marks an entry as an open dialog's own. */
const DIALOG_ENTRY = "ledgerlineDialog";

/**
 * The browser's Back button acts on an open dialog instead of leaving the page: while the dialog
 * is open, the history has an entry of its own on top (same address), so Back only takes that
 * entry away, in this document, even on a page opened straight from the address bar (a Back
 * from there would leave the app, where no router can stop it). Back then calls `onBack`; if
 * the dialog stays open (a step back), it gets an entry again. Closed another way (Escape, a
 * button, a finished trade), it takes its entry back, unless the app has moved on meanwhile.
 */
function useBackButton(open: boolean, onBack: () => void) {
  const { history } = useRouter();
  const id = useId();
  const onBackNow = useRef(onBack);
  useLayoutEffect(() => {
    onBackNow.current = onBack;
  });
  // Effects that are open now: StrictMode's rehearsal closes and reopens at once, keeping the entry.
  const live = useRef(0);
  useEffect(() => {
    if (!open) return;
    const ours = () => history.location.state[DIALOG_ENTRY as never] === id;
    const enter = () => {
      if (live.current > 0 && !ours()) {
        history.push(history.location.href, { ...history.location.state, [DIALOG_ENTRY]: id });
      }
    };
    live.current += 1;
    enter();
    const stop = history.subscribe(({ action }) => {
      if ((action.type !== "BACK" && action.type !== "GO") || ours()) return;
      onBackNow.current();
      // Still open once React has rendered what Back did (a step back): an entry again.
      setTimeout(enter, 0);
    });
    return () => {
      stop();
      live.current -= 1;
      queueMicrotask(() => {
        if (live.current === 0 && ours()) history.back({ ignoreBlocker: true });
      });
    };
  }, [open, history, id]);
}

/**
 * Focus-trapped, Escape closes, labelled by its title (Radix Dialog). Closing returns focus to
 * what had it when the dialog opened (the button that opened it), and the browser's Back button
 * closes the dialog (or does what `onBack` says) rather than leaving the page under it.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  step,
  onBack,
  initialFocus,
}: ModalProps) {
  const content = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Runs before the dialog takes focus: remember who had it.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) {
      opener.current = document.activeElement;
    }
  }, [open]);
  useBackButton(open, onBack ?? (() => onOpenChange(false)));
  const height = useRef(0);
  const [minHeight, setMinHeight] = useState<number>();
  // Runs before paint: the new step is never drawn at a smaller height.
  useLayoutEffect(() => {
    if (height.current > 0) setMinHeight((current) => Math.max(current ?? 0, height.current));
  }, [step]);
  useLayoutEffect(() => {
    height.current = content.current?.offsetHeight ?? 0;
  });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          ref={content}
          onOpenAutoFocus={(event) => {
            if (initialFocus?.current) {
              event.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            // Radix returns focus to a Dialog.Trigger; these dialogs open from ordinary buttons.
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          style={minHeight ? { minHeight } : undefined}
          className={cx(
            // Never taller than the window: a long form (a sell's lots) scrolls inside the dialog, so
            // its buttons can be reached.
            "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-surface p-6 text-text shadow-xl focus:outline-none",
            step !== undefined && "flex flex-col",
          )}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded p-1 text-muted hover:text-text">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description asChild>
              <div className="mb-4 text-sm text-muted">{description}</div>
            </Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The end of a form in a dialog: Cancel, then the submit button, busy while the form's request
 * runs. (Here rather than in a module of its own: a new chunk would add its name to the route
 * map every page loads.)
 */
export function DialogFormButtons({
  busy,
  submitLabel,
  onCancel,
}: {
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        {m.ui_cancel()}
      </Button>
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
