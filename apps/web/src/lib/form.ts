import type { ChangeEvent, FormEvent } from "react";

/**
 * Glue between TanStack Form's fields and the app's inputs (`Field`, `PasswordField`). Rules are
 * plain functions over the typed text that answer with the spec's message or null; the browser
 * gets the messages from `@ledgerline/contracts/browser`, never the zod schemas (see
 * apps/web/eslint.config.js: zod would add weight and an eval probe the CSP refuses).
 */

/** What a rule gets: the text, and enough of the field to know whether it was changed or submitted. */
interface RuleInput {
  value: string;
  fieldApi: {
    state: { meta: { isDirty: boolean } };
    form: { state: { submissionAttempts: number } };
  };
}

/** A field's rule: the spec's message for a bad value, null for a good one. */
export type Rule = (value: string) => string | null;

/**
 * A validator that keeps quiet while the field is empty and unchanged: its message shows once the
 * field holds text, was changed (typed in, then cleared), or the form was submitted. A fresh form
 * does not open in red, and tabbing through an empty field on the way to another is no mistake.
 */
export function onceEngaged(rule: Rule) {
  return ({ value, fieldApi }: RuleInput): string | undefined => {
    const engaged =
      value !== "" || fieldApi.state.meta.isDirty || fieldApi.form.state.submissionAttempts > 0;
    return engaged ? (rule(value) ?? undefined) : undefined;
  };
}

/**
 * Runs a field's change validator again when it is left. One validator (onChange) holds the
 * field's message, so an old blur-time message never outlives a corrected value.
 */
export const revalidateOnBlur = {
  onBlur: ({ fieldApi }: { fieldApi: { validate(cause: "change"): unknown } }) => {
    fieldApi.validate("change");
  },
};

/** The first message a field's validators gave, for the input's inline error. */
export function firstError(errors: readonly unknown[]): string | null {
  const found = errors.find((error) => typeof error === "string" && error !== "");
  return typeof found === "string" ? found : null;
}

/** A TanStack field over text, as the inputs use it. */
export interface TextFieldApi {
  name: string;
  state: { value: string; meta: { errors: readonly unknown[] } };
  handleChange: (value: string) => void;
  handleBlur: () => void;
}

/** Props that bind an input (`Field`, `PasswordField`) to a text field: value, events, error. */
export function textInput(field: TextFieldApi) {
  return {
    name: field.name,
    value: field.state.value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => field.handleChange(event.target.value),
    onBlur: field.handleBlur,
    error: firstError(field.state.meta.errors),
  };
}

/** A `<form>`'s submit handler that hands the submission to TanStack Form. */
export function submitTo(form: { handleSubmit(): Promise<unknown> }) {
  return (event: FormEvent) => {
    event.preventDefault();
    void form.handleSubmit();
  };
}

/**
 * A form-level validator's answer from a map of field problems: TanStack Form puts each message
 * on its field, where it stays until that field is edited; nothing when there are none.
 */
export function problemsByField<Name extends string>(
  problems: Partial<Record<Name, string>>,
): { fields: Partial<Record<Name, string>> } | undefined {
  return Object.keys(problems).length > 0 ? { fields: problems } : undefined;
}
