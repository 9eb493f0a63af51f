// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { Dialog } from "radix-ui";
import { useState } from "react";
import {
  primaryButton,
  secondaryButton,
  textInput,
  toLocalInput,
} from "#app/components/admin/styles.ts";
import { useReturnFocus } from "#app/components/ui/return-focus.ts";
import {
  type AdminMediaItem,
  changedFields,
  type MediaFields,
  mediaStatuses,
} from "#app/features/gallery/media-fields.ts";
import { patchItem } from "./content-api.ts";
import { ItemFields, labelClass } from "./item-fields.tsx";
import { forgetKeptEdit, keepEdit } from "./kept-edit.ts";
import type { Notice } from "./notices.ts";
import { useItemForm } from "./use-item-form.ts";
import { useMediaWords } from "./words.ts";

function fieldsOf(item: AdminMediaItem): MediaFields {
  const {
    id: _id,
    views: _v,
    likes: _l,
    thumbnailUrl: _t,
    width: _w,
    height: _h,
    ...fields
  } = item;
  return fields;
}

type Props = {
  item: AdminMediaItem;
  /** Changes a save could not send because the session had ended: the form starts with them. */
  kept?: Partial<MediaFields>;
  title: string;
  onClose: () => void;
  onSaved: (item: AdminMediaItem) => void;
  notify: (outcome: Notice, unauthorized?: boolean) => void;
};

export function ItemEditor({ item, kept, title, onClose, onSaved, notify }: Props) {
  const { t } = useLingui();
  const words = useMediaWords();
  const form = useItemForm({ ...fieldsOf(item), ...kept });
  const { fields, set, fieldId } = form;
  const [takenAt, setTakenAt] = useState(() => toLocalInput(fields.takenAt));
  const [saving, setSaving] = useState(false);
  const returnFocus = useReturnFocus();

  // The form shows minutes: an untouched date keeps the item's own, seconds and all.
  const parse = (options?: { quietly: boolean }) =>
    form.parse(
      {
        takenAt:
          takenAt === toLocalInput(item.takenAt) ? item.takenAt : new Date(takenAt).toISOString(),
      },
      options,
    );

  function close() {
    forgetKeptEdit(item.id);
    onClose();
  }

  async function runTranslation() {
    const outcome = await form.translate();
    if (outcome.ok) return;
    // After "Log in again" the dashboard opens the editor again with these (kept-edit.ts).
    const parsed = outcome.unauthorized ? parse({ quietly: true }) : null;
    if (parsed?.ok) {
      const changes = changedFields(fieldsOf(item), parsed.fields);
      if (Object.keys(changes).length > 0) keepEdit({ id: item.id, changes });
    }
    notify("translation-failed", outcome.unauthorized);
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parse();
    if (!parsed.ok) return parsed.tags ? undefined : notify("update-failed");
    const changes = changedFields(fieldsOf(item), parsed.fields);
    if (Object.keys(changes).length === 0) return close();
    setSaving(true);
    const outcome = await patchItem(item.id, changes);
    setSaving(false);
    if (!outcome.ok) {
      if (outcome.unauthorized) keepEdit({ id: item.id, changes });
      return notify("update-failed", outcome.unauthorized);
    }
    forgetKeptEdit(item.id);
    notify("updated");
    onSaved(outcome.value);
  }

  return (
    <Dialog.Root open onOpenChange={(open) => open || close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/60" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={kept ? fieldId("kept") : undefined}
          // Ends above the toasts (--toasts-inset, toast-list.tsx), which would hide its buttons.
          className="fixed inset-x-0 top-0 z-50 mx-auto max-h-[calc(100%-var(--toasts-inset,0px))] w-full max-w-2xl overflow-y-auto bg-white p-4 shadow-xl sm:top-8 sm:max-h-[calc(100%-max(4rem,2rem+var(--toasts-inset,0px)))] sm:rounded-xl sm:p-6 dark:bg-neutral-900"
        >
          <Dialog.Title className="text-lg font-semibold break-words">{t`Edit “${title}”`}</Dialog.Title>
          <Dialog.Description className="text-sm text-neutral-600 dark:text-neutral-400">
            {t`Titles, descriptions and tags in five languages, and how the item appears in the gallery.`}
          </Dialog.Description>
          {kept ? (
            <p
              id={fieldId("kept")}
              className="mt-3 rounded-md bg-info-100 px-3 py-2 text-sm text-info-900"
            >
              {t`Your unsaved changes have been restored. Save them to keep them.`}
            </p>
          ) : null}
          <form onSubmit={save} className="mt-4 space-y-4">
            <ItemFields
              form={form}
              busy={saving}
              onTranslate={() => void runTranslation()}
              extra={
                <>
                  <div>
                    <label htmlFor={fieldId("status")} className={labelClass}>{t`Status`}</label>
                    <select
                      id={fieldId("status")}
                      value={fields.status}
                      onChange={(e) => set("status", e.target.value as MediaFields["status"])}
                      className={textInput}
                    >
                      {mediaStatuses.map((status) => (
                        <option key={status} value={status}>
                          {words.status[status]}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <label htmlFor={fieldId("taken")} className={labelClass}>{t`Date taken`}</label>
                    <input
                      id={fieldId("taken")}
                      type="datetime-local"
                      required
                      value={takenAt}
                      onChange={(e) => setTakenAt(e.target.value)}
                      className={textInput}
                    />
                  </div>
                </>
              }
            />
            <div className="flex flex-wrap justify-end gap-3 border-t border-neutral-200 pt-4 dark:border-neutral-800">
              <Dialog.Close className={secondaryButton}>{t`Cancel`}</Dialog.Close>
              <button type="submit" disabled={saving || form.translating} className={primaryButton}>
                {saving ? t`Saving…` : t`Save`}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
