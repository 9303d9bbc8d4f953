import { portfolioMessages } from "@ledgerline/contracts/browser";
import { FieldApi, FormApi } from "@tanstack/react-form";
import { describe, expect, it, vi } from "vitest";
import { tradeRules } from "../src/components/trade/trade-form";
import { firstError, onceEngaged, revalidateOnBlur } from "../src/lib/form";

/** A mounted one-field form with the trade dialog's quantity rule, as TanStack Form runs it. */
function quantityForm(side: "buy" | "sell" = "buy", held = "0") {
  const onSubmit = vi.fn();
  const form = new FormApi({ defaultValues: { quantity: "" }, onSubmit });
  form.mount();
  const field = new FieldApi({
    form,
    name: "quantity",
    validators: { onChange: onceEngaged(tradeRules(side, held).quantity) },
    listeners: revalidateOnBlur,
  });
  field.mount();
  const error = () => firstError(field.state.meta.errors);
  return { form, field, onSubmit, error };
}

describe("a field checked once engaged", () => {
  it("opens without a message while empty", () => {
    expect(quantityForm().error()).toBeNull();
  });

  it("shows the rule's message as soon as something bad is typed", () => {
    const { field, error } = quantityForm();
    field.handleChange("0");
    expect(error()).toBe(portfolioMessages.quantityMustBePositive);
  });

  it("stays quiet when an empty field is only tabbed through", () => {
    const { field, error } = quantityForm();
    field.handleBlur();
    expect(error()).toBeNull();
  });

  it("shows the message when something typed is cleared again", () => {
    const { field, error } = quantityForm();
    field.handleChange("3");
    field.handleChange("");
    expect(error()).toBe(portfolioMessages.quantityMustBePositive);
    field.handleBlur();
    expect(error()).toBe(portfolioMessages.quantityMustBePositive);
  });

  it("drops the message once the value is corrected, even after leaving the field", () => {
    const { field, error } = quantityForm();
    field.handleChange("0");
    field.handleBlur();
    field.handleChange("3");
    expect(error()).toBeNull();
    field.handleBlur();
    expect(error()).toBeNull();
  });

  it("refuses to submit an empty form and says why", async () => {
    const { form, onSubmit, error } = quantityForm();
    await form.handleSubmit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(error()).toBe(portfolioMessages.quantityMustBePositive);
  });

  it("submits once the rules pass", async () => {
    const { form, field, onSubmit } = quantityForm("sell", "10");
    field.handleChange("10");
    await form.handleSubmit();
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it("uses the sell rule on the sell side: not above the holding", () => {
    const { field, error } = quantityForm("sell", "10");
    field.handleChange("11");
    expect(error()).toBe(portfolioMessages.invalidSellQuantity);
  });
});
