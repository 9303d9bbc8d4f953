import { m } from "@ledgerline/messages";
import { useState } from "react";
import { useIsClient } from "../../lib/use-is-client";
import { MoonIcon, SunIcon } from "../ui/icons";

const KEY = "ledgerline.theme";

/** Light and dark follow the system until the user picks one here; public/theme.js applies it before paint. */
export function ThemeToggle() {
  // The prerendered page shows the light icon; the real theme is read once the app runs.
  const isClient = useIsClient();
  const [chosen, setDark] = useState<boolean | null>(null);
  const dark = chosen ?? (isClient && document.documentElement.classList.contains("dark"));
  const toggle = () => {
    const next = !dark;
    document.documentElement.classList.toggle("dark", next);
    try {
      localStorage.setItem(KEY, next ? "dark" : "light");
    } catch {
      /* not remembered, still applied */
    }
    setDark(next);
  };
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={dark ? m.nav_light_theme() : m.nav_dark_theme()}
      className="rounded-md p-2 text-muted hover:bg-surface-muted hover:text-text"
    >
      {dark ? <SunIcon className="h-5 w-5" /> : <MoonIcon className="h-5 w-5" />}
    </button>
  );
}
