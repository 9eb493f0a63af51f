// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { Dialog } from "radix-ui";
import { primaryButton, secondaryButton, textInput } from "#app/components/admin/styles.ts";
import { useReturnFocus } from "#app/components/ui/return-focus.ts";
import { type MediaFields, mediaStatuses } from "#app/features/gallery/media-fields.ts";
import { ItemFields, labelClass } from "./item-fields.tsx";
import { type ItemEditorProps, useItemEditor } from "./use-item-editor.ts";
import { useMediaWords } from "./words.ts";

type Props = ItemEditorProps & { title: string };

export function ItemEditor({ title, ...props }: Props) {
  const { t } = useLingui();
  const words = useMediaWords();
  const editor = useItemEditor(props);
  const { form, takenAt, saving } = editor;
  const { fields, set, fieldId } = form;
  const returnFocus = useReturnFocus();
  const kept = props.kept;

  return (
    <Dialog.Root open onOpenChange={(open) => open || editor.close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/60" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={kept ? fieldId("kept") : undefined}
          // Ends above the toasts, which would hide its buttons (ADR 015).
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
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void editor.save();
            }}
            className="mt-4 space-y-4"
          >
            <ItemFields
              form={form}
              busy={saving}
              onTranslate={() => void editor.translate()}
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
                      onChange={(e) => editor.setTakenAt(e.target.value)}
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
