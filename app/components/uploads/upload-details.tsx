// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { patchItem } from "#app/components/admin/content/content-api.ts";
import { ItemFields } from "#app/components/admin/content/item-fields.tsx";
import { keepEdit } from "#app/components/admin/content/kept-edit.ts";
import { useNotify } from "#app/components/admin/content/notices.ts";
import { useItemForm } from "#app/components/admin/content/use-item-form.ts";
import { primaryButton, secondaryButton } from "#app/components/admin/styles.ts";
import {
  blankTexts,
  changedFields,
  type MediaFields,
  type MediaStatus,
} from "#app/features/gallery/media-fields.ts";
import type { UploadKind } from "#app/features/uploads/upload-limits.ts";

type Saved = Extract<MediaStatus, "draft" | "published">;

// As the server's uploads/upload-store.ts makes the draft.
function draftFields(kind: UploadKind): MediaFields {
  return {
    type: kind === "photo" ? "image" : "video",
    featured: false,
    status: "draft",
    source: "",
    // Never sent: the server takes it from the file.
    takenAt: new Date().toISOString(),
    machineTranslated: [],
    ...blankTexts(),
  };
}

export function UploadDetails({
  kind,
  mediaId,
  labelledBy,
  onSaved,
}: {
  kind: UploadKind;
  mediaId: string | undefined;
  labelledBy: string;
  onSaved: (status: Saved) => void;
}) {
  const { t } = useLingui();
  const notify = useNotify();
  const [initial] = useState(() => draftFields(kind));
  const form = useItemForm(initial);
  const [saving, setSaving] = useState<Saved | null>(null);
  const ready = mediaId !== undefined && saving === null && !form.translating;

  const filledIn = (options?: { quietly: boolean }) => {
    const parsed = form.parse({}, options);
    return parsed.ok
      ? { ok: true as const, changes: changedFields(initial, parsed.fields) }
      : parsed;
  };

  async function runTranslation() {
    const outcome = await form.translate();
    if (outcome.ok) return;
    const filled = mediaId && outcome.unauthorized ? filledIn({ quietly: true }) : null;
    if (mediaId && filled?.ok) keepEdit({ id: mediaId, changes: filled.changes });
    notify("translation-failed", outcome.unauthorized);
  }

  async function save(status: Saved) {
    if (!mediaId || !ready) return;
    const filled = filledIn();
    if (!filled.ok) return filled.tags ? undefined : notify("update-failed");
    setSaving(status);
    const outcome = await patchItem(mediaId, { ...filled.changes, status });
    setSaving(null);
    if (!outcome.ok) {
      if (outcome.unauthorized) keepEdit({ id: mediaId, changes: filled.changes });
      return notify("update-failed", outcome.unauthorized);
    }
    onSaved(status);
  }

  const headingId = form.fieldId("heading");
  const hintId = form.fieldId("hint");
  return (
    <form
      aria-labelledby={`${headingId} ${labelledBy}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save("published");
      }}
      className="basis-full space-y-4 rounded-lg border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <div>
        <h3 id={headingId} className="font-semibold">
          {t`Texts and publishing`}
        </h3>
        <p id={hintId} className="text-sm text-neutral-600 dark:text-neutral-400">
          {mediaId
            ? t`Save its texts as a draft, or publish it in the gallery.`
            : t`Fill in its texts while it uploads: it can be published once it is uploaded.`}
        </p>
      </div>
      <ItemFields form={form} busy={saving !== null} onTranslate={() => void runTranslation()} />
      <div className="flex flex-wrap justify-end gap-3 border-t border-neutral-200 pt-4 dark:border-neutral-800">
        {/* aria-disabled, not disabled: the focus stays on them while the upload ends. */}
        <button
          type="button"
          aria-disabled={!ready || undefined}
          aria-describedby={hintId}
          onClick={() => void save("draft")}
          className={secondaryButton}
        >
          {saving === "draft" ? t`Saving…` : t`Save as draft`}
        </button>
        <button
          type="submit"
          aria-disabled={!ready || undefined}
          aria-describedby={hintId}
          className={primaryButton}
        >
          {saving === "published" ? t`Publishing…` : t`Publish`}
        </button>
      </div>
    </form>
  );
}
