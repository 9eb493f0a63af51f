// catalog: admin

import { Plural, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { dangerButton, secondaryButton } from "#app/components/admin/styles.ts";
import type { MediaType } from "#app/features/gallery/media.ts";
import { type Confirmation, ConfirmDialog } from "./confirm-dialog.tsx";
import type { BulkAction } from "./content-api.ts";
import { TypeSelect } from "./type-select.tsx";
import { useMediaWords } from "./words.ts";

type Props = {
  count: number;
  all: { filtered: boolean } | null;
  selecting: boolean;
  onSelectAll: () => void;
  onDeselectAll: () => void;
  onAction: (action: BulkAction) => void;
};

export function BulkToolbar({
  count,
  all,
  selecting,
  onSelectAll,
  onDeselectAll,
  onAction,
}: Props) {
  const { t } = useLingui();
  const words = useMediaWords();
  const [bulkType, setBulkType] = useState<MediaType>("image");
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const typeName = words.type[bulkType];

  const confirmations = {
    show: {
      title: t`Show selected items`,
      description: (
        <Plural
          value={count}
          one="Show # item in the gallery?"
          other="Show # items in the gallery?"
        />
      ),
      confirmLabel: t`Show`,
      onConfirm: () => onAction({ kind: "status", status: "published" }),
    },
    hide: {
      title: t`Hide selected items`,
      description: (
        <Plural
          value={count}
          one="Hide # item from the gallery?"
          other="Hide # items from the gallery?"
        />
      ),
      confirmLabel: t`Hide`,
      onConfirm: () => onAction({ kind: "status", status: "hidden" }),
    },
    type: {
      title: t`Change type`,
      description: (
        <Plural
          value={count}
          one={`Change the type of # item to ${typeName}?`}
          other={`Change the type of # items to ${typeName}?`}
        />
      ),
      confirmLabel: t`Change type`,
      onConfirm: () => onAction({ kind: "type", type: bulkType }),
    },
    delete: {
      title: t`Delete selected items`,
      description: (
        <Plural
          value={count}
          one="Are you sure you want to delete # item? This action cannot be undone."
          other="Are you sure you want to delete # items? This action cannot be undone."
        />
      ),
      confirmLabel: t`Delete`,
      destructive: true,
      onConfirm: () => onAction({ kind: "delete" }),
    },
  } satisfies Record<string, Confirmation>;

  const bulkButtons: { key: keyof typeof confirmations; label: string; className: string }[] = [
    { key: "type", label: t`Change type`, className: secondaryButton },
    { key: "show", label: t`Show selected`, className: secondaryButton },
    { key: "hide", label: t`Hide selected`, className: secondaryButton },
    { key: "delete", label: t`Delete selected`, className: dangerButton },
  ];

  return (
    <>
      <div
        role="toolbar"
        aria-label={t`Bulk actions`}
        className="mt-4 flex flex-wrap items-center gap-2 rounded-lg bg-neutral-100 p-3 dark:bg-neutral-800"
      >
        <p className="mr-auto text-sm" aria-live="polite">
          {all?.filtered ? (
            <Plural
              value={count}
              one="The one item matching this filter is selected"
              other="All # items matching this filter are selected"
            />
          ) : all ? (
            <Plural value={count} one="The one item is selected" other="All # items are selected" />
          ) : (
            <Plural
              value={count}
              _0="No items selected"
              one="# item selected"
              other="# items selected"
            />
          )}
        </p>
        <button
          type="button"
          className={secondaryButton}
          aria-disabled={selecting || undefined}
          onClick={onSelectAll}
        >
          {t`Select all`}
        </button>
        <button
          type="button"
          className={secondaryButton}
          aria-disabled={count === 0 || undefined}
          onClick={() => count === 0 || onDeselectAll()}
        >
          {t`Deselect all`}
        </button>
        <TypeSelect
          value={bulkType}
          onChange={setBulkType}
          label={t`New type for the selected items`}
        />
        {/* aria-disabled: the focus returns here after an action empties the selection. */}
        {bulkButtons.map(({ key, label, className }) => (
          <button
            key={key}
            type="button"
            className={className}
            aria-disabled={count === 0 || undefined}
            onClick={() => count === 0 || setConfirmation(confirmations[key])}
          >
            {label}
          </button>
        ))}
      </div>

      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </>
  );
}
