import { ChevronDown } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { cx } from "./cx";

function readOpen(storageKey: string): boolean {
  try {
    return localStorage.getItem(storageKey) !== "false";
  } catch {
    return true;
  }
}

/**
 * An intro section that collapses and expands; its state is remembered per section in browser
 * storage under `storageKey` ("true" or "false"), so a reader who closed it once keeps it closed.
 * In a prerendered loading layout (built open), public/app-shell.js closes it before the first
 * paint for that reader, by its data-intro and data-intro-body.
 */
export function CollapsibleIntro({
  storageKey,
  title,
  children,
}: {
  storageKey: string;
  title: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(() => readOpen(storageKey));
  const bodyId = useId();

  function toggle() {
    const next = !open;
    setOpen(next);
    try {
      localStorage.setItem(storageKey, String(next));
    } catch {
      // Storage may be full or disabled; the section still toggles for this visit.
    }
  }

  return (
    <section
      data-intro={storageKey}
      className="mb-6 rounded-xl border border-border bg-surface shadow-sm"
    >
      <h2 className="text-base font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={toggle}
          className="flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-left hover:bg-surface-muted"
        >
          {title}
          <ChevronDown
            aria-hidden="true"
            className={cx("h-5 w-5 shrink-0 text-muted transition-transform", open && "rotate-180")}
          />
        </button>
      </h2>
      <div id={bodyId} data-intro-body hidden={!open} className="px-5 pb-5 text-sm text-muted">
        {children}
      </div>
    </section>
  );
}
