import { m } from "@ledgerline/messages";
import type {
  ClassificationView,
  CoinClassification,
  StockClassification,
} from "@ledgerline/contracts";
import {
  coinCategories,
  marketCapBuckets,
  sectors,
  type CoinCategory,
  type MarketCapBucket,
  type Sector,
  type StockAssetClass,
} from "@ledgerline/contracts/browser";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { coinCategoryLabel, marketCapLabel, sectorLabel } from "../../lib/classification-labels";
import { errorMessage, trpc } from "../../lib/trpc";
import { notify } from "../../lib/notify";
import { QueryCardBody } from "../CardBody";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { DialogFormButtons, Modal } from "../ui/Modal";
import { SelectField, type SelectOption } from "../ui/SelectField";

/** Which holding to classify. */
export interface ClassificationTarget {
  assetType: "STOCK" | "CRYPTO";
  symbol: string;
}

const sectorOptions: SelectOption<Sector>[] = sectors.map(({ key }) => ({
  value: key,
  label: sectorLabel(key),
}));
const categoryOptions: SelectOption<CoinCategory>[] = coinCategories.map(({ key }) => ({
  value: key,
  label: coinCategoryLabel(key),
}));
const assetClassOptions: SelectOption<StockAssetClass>[] = [
  { value: "equity", label: m.asset_classification_stock() },
  { value: "etf", label: m.asset_classification_etf() },
];
const sizeOptions: SelectOption<MarketCapBucket | "">[] = [
  { value: "", label: m.asset_classification_unknown() },
  ...marketCapBuckets.map((bucket) => ({ value: bucket, label: marketCapLabel(bucket) })),
];

/**
 * 'Edit classification' (issue 33): what a stock or coin is, as the allocation groups it. The
 * fields show the market's values with the person's own over them; saving sends every field
 * they set before or changed now (a save replaces the earlier override), and 'Use the market's'
 * drops theirs. The server checks the values and answers what was wrong.
 */
export default function ClassificationDialog({
  target,
  onClose,
}: {
  target: ClassificationTarget;
  onClose: () => void;
}) {
  const view = useQuery(trpc.classifications.get.queryOptions(target));
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={m.asset_classification_of({ symbol: target.symbol })}
      description={m.asset_classification_description()}
    >
      <QueryCardBody query={view} failure={m.asset_classification_load_failed()} skeleton="h-48">
        {(loaded) => <ClassificationForm view={loaded} onClose={onClose} />}
      </QueryCardBody>
    </Modal>
  );
}

function useClassificationWrites(onClose: () => void) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const done = (message: string) => async () => {
    notify.success(message);
    onClose();
    await Promise.all(
      [
        trpc.classifications.pathFilter(),
        trpc.insights.pathFilter(),
        trpc.targets.pathFilter(),
      ].map((filter) => queryClient.invalidateQueries(filter)),
    );
  };
  const failed = (failure: unknown) =>
    setError(errorMessage(failure, m.asset_classification_save_failed()));
  const set = useMutation(
    trpc.classifications.set.mutationOptions({
      onSuccess: done(m.asset_classification_saved()),
      onError: failed,
    }),
  );
  const clear = useMutation(
    trpc.classifications.clear.mutationOptions({
      onSuccess: done(m.asset_classification_market_again()),
      onError: failed,
    }),
  );
  return { set, clear, error, setError };
}

function ClassificationForm({ view, onClose }: { view: ClassificationView; onClose: () => void }) {
  const writes = useClassificationWrites(onClose);
  const target = { assetType: view.assetType, symbol: view.symbol };
  const [stock, setStock] = useState(
    view.assetType === "STOCK" ? view.classification : (null as StockClassification | null),
  );
  const [coin, setCoin] = useState(
    view.assetType === "CRYPTO" ? view.classification : (null as CoinClassification | null),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    writes.setError(null);
    if (view.assetType === "CRYPTO" && coin) {
      writes.set.mutate({ assetType: "CRYPTO", symbol: view.symbol, override: coin });
      return;
    }
    if (view.assetType !== "STOCK" || !stock) return;
    // Every field set before stays set; a field changed now joins them.
    const fields = (Object.keys(stock) as (keyof StockClassification)[]).filter(
      (field) =>
        (view.overridden as string[]).includes(field) ||
        stock[field] !== view.classification[field],
    );
    if (fields.length === 0) {
      writes.setError(m.asset_classification_change_first());
      return;
    }
    writes.set.mutate({
      assetType: "STOCK",
      symbol: view.symbol,
      override: Object.fromEntries(fields.map((field) => [field, stock[field]])),
    });
  };
  const busy = writes.set.isPending || writes.clear.isPending;
  return (
    <form
      onSubmit={submit}
      className="space-y-4"
      aria-label={m.asset_classification_of({ symbol: view.symbol })}
    >
      {stock && <StockFields value={stock} onChange={setStock} />}
      {coin && (
        <SelectField
          label={m.asset_classification_category()}
          value={coin.category}
          options={categoryOptions}
          onChange={(category) => setCoin({ category })}
        />
      )}
      <p className="text-sm text-muted">
        {view.overridden.length === 0
          ? m.asset_classification_all_market()
          : m.asset_classification_you_set({ fields: view.overridden.join(", ") })}
      </p>
      {writes.error && <Alert tone="error">{writes.error}</Alert>}
      {view.overridden.length > 0 && (
        <Button variant="secondary" disabled={busy} onClick={() => writes.clear.mutate(target)}>
          {m.asset_classification_use_market()}
        </Button>
      )}
      <DialogFormButtons
        busy={writes.set.isPending}
        submitLabel={m.asset_classification_save()}
        onCancel={onClose}
      />
    </form>
  );
}

function StockFields({
  value,
  onChange,
}: {
  value: StockClassification;
  onChange: (value: StockClassification) => void;
}) {
  const change = (fields: Partial<StockClassification>) => onChange({ ...value, ...fields });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label={m.asset_classification_sector()}
        value={value.sector}
        options={sectorOptions}
        onChange={(sector) => change({ sector })}
      />
      <Field
        label={m.asset_classification_industry()}
        value={value.industry}
        maxLength={80}
        onChange={(event) => change({ industry: event.target.value })}
      />
      <Field
        label={m.asset_classification_country()}
        value={value.country}
        maxLength={2}
        hint={m.asset_classification_country_hint()}
        onChange={(event) => change({ country: event.target.value.toUpperCase() })}
      />
      <SelectField
        label={m.asset_classification_asset_class()}
        value={value.assetClass}
        options={assetClassOptions}
        onChange={(assetClass) => change({ assetClass })}
      />
      <SelectField
        label={m.asset_classification_size()}
        value={value.marketCap ?? ""}
        options={sizeOptions}
        onChange={(size) => change({ marketCap: size === "" ? null : size })}
      />
    </div>
  );
}
