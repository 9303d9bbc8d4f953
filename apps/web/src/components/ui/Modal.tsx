import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useBlocker } from "@tanstack/react-router";
import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "./Button";

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
   */
  step?: string;
}

/**
 * Focus-trapped, Escape closes, labelled by its title (Radix Dialog). Closing returns focus to
 * what had it when the dialog opened (the button that opened it), and the browser's Back button
 * closes the dialog rather than leaving the page under it.
 */
export function Modal({ open, onOpenChange, title, description, children, step }: ModalProps) {
  const content = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Runs before the dialog takes focus: remember who had it.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) {
      opener.current = document.activeElement;
    }
  }, [open]);
  useBlocker({
    shouldBlockFn: ({ action }) => {
      if (action !== "BACK") return false;
      onOpenChange(false);
      return true;
    },
    disabled: !open,
    enableBeforeUnload: false,
  });
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
          onCloseAutoFocus={(event) => {
            // Radix returns focus to a Dialog.Trigger; these dialogs open from ordinary buttons.
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          style={minHeight ? { minHeight } : undefined}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-surface p-6 text-text shadow-xl focus:outline-none"
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
        Cancel
      </Button>
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
