import { textInput, type TextFieldApi } from "../../lib/form";
import { PasswordField } from "./PasswordField";

// Apart from PasswordField, which the public account forms' first bundle carries (the forms
// chunk, vite.config.ts): the form library's glue loads with the signed-in forms that use it.
/**
 * `form.Field`'s render function for a required password field bound to the form's field (as
 * `boundSelect` binds a select): the current password by default, or a new one.
 */
export function boundPassword(
  label: string,
  autoComplete: "current-password" | "new-password" = "current-password",
) {
  return (field: TextFieldApi) => (
    <PasswordField label={label} autoComplete={autoComplete} required {...textInput(field)} />
  );
}
