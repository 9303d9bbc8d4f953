import { incomeFormMessages, marketMessages } from "@ledgerline/contracts/browser";
import { FieldApi, FormApi } from "@tanstack/react-form";
import { describe, expect, it, vi } from "vitest";
import { firstError, problemsByField } from "../src/lib/form";
import {
  emptyIncomeForm,
  incomeFormProblems,
  type IncomeFormField,
} from "../src/routes/_app/income/-components/income-form";

/** The income dialog's form as it builds it: the rules run on submit, per field. */
function incomeForm() {
  const onSubmit = vi.fn();
  const form = new FormApi({
    defaultValues: emptyIncomeForm,
    validators: { onSubmit: ({ value }) => problemsByField(incomeFormProblems(value)) },
    onSubmit,
  });
  form.mount();
  const mounted = (name: IncomeFormField) => {
    const field = new FieldApi({ form, name });
    field.mount();
    return field;
  };
  const fields = {
    symbol: mounted("symbol"),
    exDate: mounted("exDate"),
    payDate: mounted("payDate"),
    quantity: mounted("quantity"),
    amountPerShare: mounted("amountPerShare"),
    total: mounted("total"),
  };
  const problem = (name: IncomeFormField) => firstError(fields[name].state.meta.errors);
  return { form, fields, onSubmit, problem };
}

describe("the income dialog's form", () => {
  it("shows no problem before the first submit", () => {
    const { problem } = incomeForm();
    expect(problem("symbol")).toBeNull();
  });

  it("puts each problem beside its own field on submit, and sends nothing", async () => {
    const { form, onSubmit, problem } = incomeForm();
    await form.handleSubmit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(problem("symbol")).toBe(marketMessages.invalidStockSymbol);
    expect(problem("exDate")).toBe(incomeFormMessages.dateRequired);
    expect(problem("quantity")).toBe(incomeFormMessages.quantityMustBePositive);
    expect(problem("total")).toBeNull();
  });

  it("clears a field's problem when that field is edited, and only that one", async () => {
    const { form, fields, problem } = incomeForm();
    await form.handleSubmit();
    fields.symbol.handleChange("K");
    expect(problem("symbol")).toBeNull();
    expect(problem("quantity")).toBe(incomeFormMessages.quantityMustBePositive);
  });

  it("sends once every field is right", async () => {
    const { form, fields, onSubmit } = incomeForm();
    await form.handleSubmit();
    fields.symbol.handleChange("KO");
    fields.exDate.handleChange("2026-02-13");
    fields.payDate.handleChange("2026-03-02");
    fields.quantity.handleChange("3.5");
    fields.amountPerShare.handleChange("0.515");
    await form.handleSubmit();
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
