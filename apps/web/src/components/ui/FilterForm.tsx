import { m } from "@ledgerline/messages";
import { EARLIEST_DATE, LATEST_DATE } from "@ledgerline/contracts/browser";
import { useForm, useSelector } from "@tanstack/react-form";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { firstError, textInput } from "../../lib/form";
import { Button } from "./Button";
import { Card } from "./Card";
import { cx } from "./cx";
import { Field } from "./Field";

export const dateOrderProblem = m.ui_date_order();

/** A start after the end can match nothing; the form says so instead of asking the server. */
export function datesOutOfOrder(startLocal: string, endLocal: string): boolean {
  return startLocal !== "" && endLocal !== "" && Date.parse(startLocal) > Date.parse(endLocal);
}

/** A filter form's values: Start Date and End Date (`datetime-local` text) and the page's own. */
export type FilterValues = Record<string, string> & { startDate: string; endDate: string };

interface FilterFormState {
  submissionAttempts: number;
  isSubmitSuccessful: boolean;
}

/**
 * The form-level rule: dates out of order stop Apply with the message, which then stays while
 * they are out of order, goes once they are put right, and is not shown again before the next
 * Apply (nor after Clear, which starts the form afresh).
 */
export function dateOrderRule({
  value,
  formApi,
}: {
  value: FilterValues;
  formApi: { state: FilterFormState };
}): string | undefined {
  if (!datesOutOfOrder(value.startDate, value.endDate)) return undefined;
  const { submissionAttempts, isSubmitSuccessful } = formApi.state;
  return submissionAttempts > 0 && !isSubmitSuccessful ? dateOrderProblem : undefined;
}

function useFilterForm(initial: FilterValues, onApply: (values: FilterValues) => void) {
  // The values the form opened with stay its defaults while the URL moves on.
  const [defaultValues] = useState(initial);
  return useForm({
    defaultValues,
    validators: { onChange: dateOrderRule, onSubmit: dateOrderRule },
    onSubmit: ({ value }) => onApply(value),
  });
}

export type FilterFormApi = ReturnType<typeof useFilterForm>;

interface FilterFormProps {
  /** Every field's text when the form opens (empty text is "any"). */
  initial: FilterValues;
  onApply: (values: FilterValues) => void;
  onClear: () => void;
  /** The form's grid. */
  className: string;
  /** Each date field's place in that grid. */
  dateClassName?: string;
  /** The buttons' place in that grid. */
  actionsClassName: string;
  /** The page's own fields, bound to the form. */
  children: (form: FilterFormApi) => ReactNode;
}

/**
 * The filter block of a log (transaction history, audit logs): Start Date and End Date as local
 * date-times (`datetime-local` values), the page's own fields, then Clear Filters and Apply
 * Filters. Apply runs only when the dates are in order; otherwise an inline message beside the
 * dates says why, and nothing is sent.
 */
export function FilterForm({
  initial,
  onApply,
  onClear,
  className,
  dateClassName,
  actionsClassName,
  children,
}: FilterFormProps) {
  const problemId = useId();
  const form = useFilterForm(initial, onApply);
  const problem = firstError(useSelector(form.store, (state) => state.errors));

  function apply(event: FormEvent) {
    event.preventDefault();
    void form.handleSubmit();
  }

  function clear() {
    // The defaults stay the opening values: new ones would be taken back on the next render.
    const empty = Object.fromEntries(Object.keys(initial).map((name) => [name, ""]));
    form.reset(empty as FilterValues, { keepDefaultValues: true });
    onClear();
  }

  const dateField = (name: "startDate" | "endDate", label: string) => (
    <form.Field name={name}>
      {(field) => (
        <Field
          className={dateClassName}
          label={label}
          type="datetime-local"
          min={`${EARLIEST_DATE}T00:00`}
          max={`${LATEST_DATE}T23:59`}
          {...textInput(field)}
          error={null}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        />
      )}
    </form.Field>
  );

  return (
    <Card className="mb-6">
      <form onSubmit={apply} noValidate className={className}>
        {dateField("startDate", m.ui_start_date())}
        {dateField("endDate", m.ui_end_date())}
        {problem && (
          <p
            id={problemId}
            role="alert"
            className="col-span-full -mt-2 text-sm text-loss lg:order-last lg:mt-0"
          >
            {problem}
          </p>
        )}
        {children(form)}
        <div className={cx("flex flex-wrap gap-2", actionsClassName)}>
          <Button variant="secondary" onClick={clear}>
            {m.ui_clear_filters()}
          </Button>
          <Button type="submit">{m.ui_apply_filters()}</Button>
        </div>
      </form>
    </Card>
  );
}
