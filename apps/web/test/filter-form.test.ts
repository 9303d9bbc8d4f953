import { FormApi } from "@tanstack/react-form";
import { describe, expect, it, vi } from "vitest";
import {
  dateOrderProblem,
  dateOrderRule,
  type FilterValues,
} from "../src/components/ui/FilterForm";
import { firstError } from "../src/lib/form";

/** A filter form as FilterForm builds it, with a symbol field beside the dates. */
function filterForm() {
  const onSubmit = vi.fn();
  const defaultValues: FilterValues = { startDate: "", endDate: "", symbol: "" };
  const form = new FormApi({
    defaultValues,
    validators: { onChange: dateOrderRule, onSubmit: dateOrderRule },
    onSubmit,
  });
  form.mount();
  const problem = () => firstError(form.state.errors);
  const outOfOrder = () => {
    form.setFieldValue("startDate", "2026-03-10T10:00");
    form.setFieldValue("endDate", "2026-03-01T10:00");
  };
  return { form, onSubmit, problem, outOfOrder };
}

describe("the filter form's date order", () => {
  it("says nothing about dates out of order before Apply", () => {
    const { outOfOrder, problem } = filterForm();
    outOfOrder();
    expect(problem()).toBeNull();
  });

  it("refuses Apply with dates out of order, sends nothing and says why", async () => {
    const { form, outOfOrder, onSubmit, problem } = filterForm();
    outOfOrder();
    await form.handleSubmit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(problem()).toBe(dateOrderProblem);
  });

  it("keeps the message while another field changes, and drops it when the dates are fixed", async () => {
    const { form, outOfOrder, problem } = filterForm();
    outOfOrder();
    await form.handleSubmit();
    form.setFieldValue("symbol", "AAPL");
    expect(problem()).toBe(dateOrderProblem);
    form.setFieldValue("endDate", "2026-03-20T10:00");
    expect(problem()).toBeNull();
  });

  it("applies dates in order, and says nothing about a later disorder until the next Apply", async () => {
    const { form, outOfOrder, onSubmit, problem } = filterForm();
    form.setFieldValue("startDate", "2026-03-01T10:00");
    await form.handleSubmit();
    expect(onSubmit).toHaveBeenCalledOnce();
    outOfOrder();
    expect(problem()).toBeNull();
  });

  it("forgets the message on Clear", async () => {
    const { form, outOfOrder, problem } = filterForm();
    outOfOrder();
    await form.handleSubmit();
    form.reset({ startDate: "", endDate: "", symbol: "" });
    expect(problem()).toBeNull();
  });
});
