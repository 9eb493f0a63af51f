import { useState } from "react";
import { toLocalInput } from "#app/components/admin/styles.ts";
import {
  type AdminMediaItem,
  changedFields,
  type MediaFields,
} from "#app/features/gallery/media-fields.ts";
import { patchItem } from "./content-api.ts";
import { forgetKeptEdit, keepEdit } from "./kept-edit.ts";
import type { Notice } from "./notices.ts";
import { useItemForm } from "./use-item-form.ts";

function fieldsOf(item: AdminMediaItem): MediaFields {
  const {
    id: _id,
    views: _v,
    likes: _l,
    thumbnailUrl: _t,
    width: _w,
    height: _h,
    machineDescribed: _m,
    ...fields
  } = item;
  return fields;
}

export type ItemEditorProps = {
  item: AdminMediaItem;
  kept?: Partial<MediaFields>;
  onClose: () => void;
  onSaved: (item: AdminMediaItem) => void;
  notify: (outcome: Notice, unauthorized?: boolean) => void;
};

export function useItemEditor({ item, kept, onClose, onSaved, notify }: ItemEditorProps) {
  const form = useItemForm({ ...fieldsOf(item), ...kept }, item.machineDescribed);
  const [takenAt, setTakenAt] = useState(() => toLocalInput(form.fields.takenAt));
  const [saving, setSaving] = useState(false);

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

  async function translate() {
    const outcome = await form.translate();
    if (outcome.ok) return;
    const parsed = outcome.unauthorized ? parse({ quietly: true }) : null;
    if (parsed?.ok) {
      const changes = changedFields(fieldsOf(item), parsed.fields);
      if (Object.keys(changes).length > 0) keepEdit({ id: item.id, changes });
    }
    notify("translation-failed", outcome.unauthorized);
  }

  async function save() {
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

  return { form, takenAt, setTakenAt, saving, close, translate, save };
}
