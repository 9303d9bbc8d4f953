import { Eye } from "lucide-react";
import { m } from "@ledgerline/messages";
import { useState } from "react";
import { Field, type FieldProps } from "./Field";

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
          <Eye aria-hidden="true" className="h-4 w-4" />
        </button>
      }
    />
  );
}
