import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "./Button";
import { Card } from "./Card";
import { cx } from "./cx";
import { Field } from "./Field";

export const dateOrderProblem = "Start Date must be on or before End Date.";

/** A start after the end can match nothing; the form says so instead of asking the server. */
export function datesOutOfOrder(startLocal: string, endLocal: string): boolean {
  return startLocal !== "" && endLocal !== "" && Date.parse(startLocal) > Date.parse(endLocal);
}

/**
 * The filter block of a log (transaction history, audit logs): Start Date and End Date as local
 * date-times (`datetime-local` values), the page's own fields, then Clear Filters and Apply
 * Filters. Apply runs only when the dates are in order; otherwise an inline message beside the
 * dates says why, and nothing is sent.
 */
export function FilterForm({
  dates,
  onDates,
  onApply,
  onClear,
  className,
  dateClassName,
  actionsClassName,
  children,
}: {
  dates: { startDate: string; endDate: string };
  onDates: (dates: { startDate: string; endDate: string }) => void;
  onApply: () => void;
  onClear: () => void;
  /** The form's grid. */
  className: string;
  /** Each date field's place in that grid. */
  dateClassName?: string;
  /** The buttons' place in that grid. */
  actionsClassName: string;
  children: ReactNode;
}) {
  const problemId = useId();
  const [showProblem, setShowProblem] = useState(false);
  const outOfOrder = datesOutOfOrder(dates.startDate, dates.endDate);

  function apply(event: FormEvent) {
    event.preventDefault();
    if (outOfOrder) {
      setShowProblem(true);
      return;
    }
    setShowProblem(false);
    onApply();
  }

  const problem = showProblem && outOfOrder;
  return (
    <Card className="mb-6">
      <form onSubmit={apply} noValidate className={className}>
        <Field
          className={dateClassName}
          label="Start Date"
          type="datetime-local"
          value={dates.startDate}
          aria-invalid={problem || undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => onDates({ ...dates, startDate: event.target.value })}
        />
        <Field
          className={dateClassName}
          label="End Date"
          type="datetime-local"
          value={dates.endDate}
          aria-invalid={problem || undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => onDates({ ...dates, endDate: event.target.value })}
        />
        {problem && (
          <p
            id={problemId}
            role="alert"
            className="col-span-full -mt-2 text-sm text-loss lg:order-last lg:mt-0"
          >
            {dateOrderProblem}
          </p>
        )}
        {children}
        <div className={cx("flex gap-2", actionsClassName)}>
          <Button
            variant="secondary"
            onClick={() => {
              setShowProblem(false);
              onClear();
            }}
          >
            Clear Filters
          </Button>
          <Button type="submit">Apply Filters</Button>
        </div>
      </form>
    </Card>
  );
}
