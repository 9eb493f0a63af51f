// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useFocusAfterRemoval } from "#app/components/admin/focus-after-removal.ts";
import { useSessionEnded } from "#app/components/admin/session-ended.ts";
import { secondaryButton } from "#app/components/admin/styles.ts";
import { ListNews, useListNews } from "#app/components/ui/list-news.tsx";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { useToast } from "#app/components/ui/toaster.tsx";
import type { GalleryParams } from "#app/features/gallery/media.ts";
import type { AdminMediaItem } from "#app/features/gallery/media-fields.ts";
import { BulkToolbar } from "./bulk-toolbar.tsx";
import { type Confirmation, ConfirmDialog } from "./confirm-dialog.tsx";
import { deleteItem, patchItem, readItem } from "./content-api.ts";
import { ContentFilters } from "./content-filters.tsx";
import { ContentRow } from "./content-row.tsx";
import { ItemEditor } from "./item-editor.tsx";
import { forgetKeptEdit, type KeptEdit, readKeptEdit } from "./kept-edit.ts";
import { useNotify } from "./notices.ts";
import { useBulkSelection } from "./use-bulk-selection.ts";
import { useContentList } from "./use-content-list.ts";
import { titleOf, useMediaWords } from "./words.ts";

/**
 * `toEdit`: an item to open in the editor (a finished upload's draft); `onEditOpened` clears it.
 * `listChanged` counts changes made elsewhere on the page (an upload published): each reads
 * the list again.
 */
export function ContentManager({
  toEdit = null,
  onEditOpened,
  listChanged = 0,
}: {
  toEdit?: string | null;
  onEditOpened?: () => void;
  listChanged?: number;
} = {}) {
  const { t } = useLingui();
  const locale = useLocale();
  const words = useMediaWords();
  const toast = useToast();
  const revalidator = useRevalidator();
  const ids = useId();
  const [params, setParams] = useState<GalleryParams>({ type: "all", q: "", sort: "newest" });
  const list = useContentList(params, locale);
  const notify = useNotify();
  /** Item changes touch the dashboard's totals (types, deletions): its loader reads them again. */
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
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // A deleted row's Delete: the list's heading when the last row goes.
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

  const nameOf = (item: AdminMediaItem) => titleOf(item, locale, words.untitled);
  const sessionEnded = useSessionEnded();

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

  // Back from the login a save sent there: the editor opens again with what it could not save.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the dashboard opens.
  useEffect(() => {
    const kept = readKeptEdit();
    if (!kept) return;
    void readItem(kept.id).then((outcome) => {
      if (outcome.ok) setEditing({ item: outcome.value, kept: kept.changes });
      // Deleted meanwhile: the changes have nothing left to go to.
      else if (outcome.gone) forgetKeptEdit(kept.id);
      // A failed connection keeps them for the dashboard's next load, and says so.
      else if (!outcome.unauthorized) {
        toast({
          variant: "error",
          title: t`Your unsaved changes could not be reopened`,
          description: t`They are still kept in this tab. Reload the page to try again.`,
        });
      }
    });
  }, []);

  async function change(
    item: AdminMediaItem,
    patch: Partial<Pick<AdminMediaItem, "status" | "featured" | "type">>,
  ) {
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

  function askDelete(item: AdminMediaItem) {
    setConfirmation({
      title: t`Delete this item?`,
      description: nameOf(item),
      confirmLabel: t`Delete`,
      destructive: true,
      onConfirm: async () => {
        const outcome = await deleteItem(item.id);
        if (!outcome.ok) return notify("deletion-failed", outcome.unauthorized);
        const ids = list.items.map((other) => other.id);
        focus.removing(ids, ids.indexOf(item.id));
        list.remove([item.id]);
        selection.forget(item.id);
        notify("deleted");
        totalsChanged();
      },
    });
  }

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="border-t border-neutral-200 py-6 dark:border-neutral-800"
    >
      <h2 id={`${ids}-title`} ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {t`Content`}
      </h2>
      <ContentFilters params={params} onChange={setParams} />
      <BulkToolbar
        count={selection.selected.size}
        all={selection.all}
        selecting={selection.selecting}
        onSelectAll={() => void selection.selectAll()}
        onDeselectAll={selection.deselectAll}
        onAction={(action) => void selection.run(action)}
      />

      {list.status === "error" ? (
        <p role="alert" className="mt-4 text-error-600">
          {t`The content could not be loaded.`}{" "}
          <button type="button" className="underline" onClick={list.refresh}>
            {t`Try again`}
          </button>
        </p>
      ) : null}
      {list.status === "unauthorized" ? (
        <p role="alert" className="mt-4 text-error-600">
          {sessionEnded.message}{" "}
          {/* Asking the list again would only be refused again: the page's loader sends the
              owner to the login. */}
          <button type="button" className="underline" onClick={sessionEnded.logIn.onSelect}>
            {sessionEnded.logIn.label}
          </button>
        </p>
      ) : null}
      {list.status === "idle" && list.items.length === 0 ? (
        <p className="mt-4 text-neutral-600 dark:text-neutral-400">
          {params.q ? t`No items match this search.` : t`No items yet.`}
        </p>
      ) : null}
      <ul
        ref={rows}
        aria-busy={list.status === "loading"}
        className="divide-y divide-neutral-200 dark:divide-neutral-800"
      >
        {list.items.map((item, index) => (
          <ContentRow
            key={item.id}
            item={item}
            title={nameOf(item)}
            selected={selection.selected.has(item.id)}
            busy={busy.has(item.id)}
            onSelect={(event) => selection.toggle(index, event)}
            onEdit={() => setEditing({ item })}
            onChange={(patch) => void change(item, patch)}
            onDelete={() => askDelete(item)}
          />
        ))}
      </ul>
      {list.nextCursor ? (
        // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
        <button
          type="button"
          className={`mt-4 ${secondaryButton}`}
          aria-disabled={list.status === "loading-more" || undefined}
          onClick={() => {
            if (list.status === "loading-more") return;
            askedMore();
            void list.showMore();
          }}
        >
          {t`Show more`}
        </button>
      ) : null}
      <ListNews news={news} />

      {editing ? (
        <ItemEditor
          item={editing.item}
          kept={editing.kept}
          title={nameOf(editing.item)}
          onClose={() => setEditing(null)}
          notify={notify}
          onSaved={(item) => {
            // A new upload's draft may not be in the list yet.
            if (list.items.some((shown) => shown.id === item.id)) list.replace([item]);
            else list.refresh();
            setEditing(null);
            totalsChanged();
          }}
        />
      ) : null}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}
