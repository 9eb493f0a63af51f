// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useFocusAfterRemoval } from "#app/components/admin/focus-after-removal.ts";
import { useListNews } from "#app/components/ui/list-news.tsx";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { useToast } from "#app/components/ui/toaster.tsx";
import type { GalleryParams } from "#app/features/gallery/media.ts";
import type { AdminMediaItem } from "#app/features/gallery/media-fields.ts";
import { deleteItem, patchItem, readItem } from "./content-api.ts";
import { forgetKeptEdit, type KeptEdit, readKeptEdit } from "./kept-edit.ts";
import { useNotify } from "./notices.ts";
import { useBulkSelection } from "./use-bulk-selection.ts";
import { useContentList } from "./use-content-list.ts";
import { titleOf, useMediaWords } from "./words.ts";

export type ContentManagerProps = {
  // A finished upload's draft to open in the editor; `onEditOpened` clears it.
  toEdit?: string | null;
  onEditOpened?: () => void;
  listChanged?: number;
};

type RowPatch = Partial<Pick<AdminMediaItem, "status" | "featured" | "type">>;

export function useContentManager({
  toEdit = null,
  onEditOpened,
  listChanged = 0,
}: ContentManagerProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const words = useMediaWords();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [params, setParams] = useState<GalleryParams>({ type: "all", q: "", sort: "newest" });
  const list = useContentList(params, locale);
  const notify = useNotify();
  const totalsChanged = () => void revalidator.revalidate();
  const selection = useBulkSelection({
    list,
    params,
    locale,
    notify,
    onTotalsChanged: totalsChanged,
  });
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<{
    item: AdminMediaItem;
    kept?: KeptEdit["changes"];
  } | null>(null);
  const [deleting, setDeleting] = useState<AdminMediaItem | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useFocusAfterRemoval(
    (id) => `[data-item-id="${id}"] [data-action="delete"]`,
    heading,
  );
  const rows = focus.list;

  const { news, askedMore } = useListNews({
    list: list.shown,
    items: list.items,
    nextCursor: list.nextCursor,
    focusItem: (id) =>
      rows.current?.querySelector<HTMLElement>(`[data-item-id="${id}"] input`)?.focus(),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each change elsewhere, once.
  useEffect(() => {
    if (listChanged > 0) list.refresh();
  }, [listChanged]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new item to edit opens it, once.
  useEffect(() => {
    if (!toEdit) return;
    onEditOpened?.();
    void readItem(toEdit).then((outcome) =>
      outcome.ok
        ? setEditing({ item: outcome.value })
        : notify("update-failed", outcome.unauthorized),
    );
  }, [toEdit]);

  // Back from the login, the editor opens again with what it could not save (ADR 015).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the dashboard opens.
  useEffect(() => {
    const kept = readKeptEdit();
    if (!kept) return;
    void readItem(kept.id).then((outcome) => {
      if (outcome.ok) setEditing({ item: outcome.value, kept: kept.changes });
      else if (outcome.gone) forgetKeptEdit(kept.id);
      else if (!outcome.unauthorized) {
        toast({
          variant: "error",
          title: t`Your unsaved changes could not be reopened`,
          description: t`They are still kept in this tab. Reload the page to try again.`,
        });
      }
    });
  }, []);

  async function change(item: AdminMediaItem, patch: RowPatch) {
    setBusy((b) => new Set(b).add(item.id));
    const outcome = await patchItem(item.id, patch);
    setBusy((b) => {
      const next = new Set(b);
      next.delete(item.id);
      return next;
    });
    if (!outcome.ok) return notify("update-failed", outcome.unauthorized);
    list.replace([outcome.value]);
    notify("updated");
    if (patch.type) totalsChanged();
  }

  async function remove(item: AdminMediaItem) {
    const outcome = await deleteItem(item.id);
    if (!outcome.ok) return notify("deletion-failed", outcome.unauthorized);
    const ids = list.items.map((other) => other.id);
    focus.removing(ids, ids.indexOf(item.id));
    list.remove([item.id]);
    selection.forget(item.id);
    notify("deleted");
    totalsChanged();
  }

  return {
    params,
    setParams,
    list,
    selection,
    heading,
    rows,
    news,
    notify,
    nameOf: (item: AdminMediaItem) => titleOf(item, locale, words.untitled),
    isBusy: (id: string) => busy.has(id),
    change,
    showMore() {
      if (list.status === "loading-more") return;
      askedMore();
      void list.showMore();
    },
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    remove,
    editing,
    edit: (item: AdminMediaItem) => setEditing({ item }),
    closeEditor: () => setEditing(null),
    saved(item: AdminMediaItem) {
      if (list.items.some((shown) => shown.id === item.id)) list.replace([item]);
      else list.refresh();
      setEditing(null);
      totalsChanged();
    },
  };
}
