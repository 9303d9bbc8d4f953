import { m } from "@ledgerline/messages";
import { useState } from "react";
import { Field, type FieldProps } from "./Field";
import { Svg } from "./icons";

/** A password input with the spec's hold-to-reveal control: the text shows only while pressed. */
export function PasswordField(props: Omit<FieldProps, "type" | "trailing">) {
  const [revealed, setRevealed] = useState(false);
  const show = () => setRevealed(true);
  const hide = () => setRevealed(false);
  return (
    <Field
      {...props}
      type={revealed ? "text" : "password"}
      trailing={
        <button
          type="button"
          aria-label={m.password_field_reveal()}
          aria-pressed={revealed}
          className="rounded p-2 text-muted hover:text-text"
          onPointerDown={show}
          onPointerUp={hide}
          onPointerLeave={hide}
          onPointerCancel={hide}
          onKeyDown={(event) => (event.key === " " || event.key === "Enter") && show()}
          onKeyUp={hide}
          onBlur={hide}
        >
          {/* lucide-react's eye (./icons) */}
          <Svg name="eye" className="h-4 w-4">
            <path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0" />
            <circle cx="12" cy="12" r="3" />
          </Svg>
        </button>
      }
    />
  );
}
