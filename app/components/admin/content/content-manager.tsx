// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { useSessionEnded } from "#app/components/admin/session-ended.ts";
import { secondaryButton } from "#app/components/admin/styles.ts";
import { ListNews } from "#app/components/ui/list-news.tsx";
import { BulkToolbar } from "./bulk-toolbar.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { ContentFilters } from "./content-filters.tsx";
import { ContentRow } from "./content-row.tsx";
import { ItemEditor } from "./item-editor.tsx";
import { type ContentManagerProps, useContentManager } from "./use-content-manager.ts";

export function ContentManager(props: ContentManagerProps = {}) {
  const { t } = useLingui();
  const ids = useId();
  const sessionEnded = useSessionEnded();
  const manager = useContentManager(props);
  const { list, selection, params, deleting, editing, nameOf } = manager;

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="border-t border-neutral-200 py-6 dark:border-neutral-800"
    >
      <h2 id={`${ids}-title`} ref={manager.heading} tabIndex={-1} className="text-xl font-semibold">
        {t`Content`}
      </h2>
      <ContentFilters params={params} onChange={manager.setParams} />
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
        ref={manager.rows}
        aria-busy={list.status === "loading"}
        className="divide-y divide-neutral-200 dark:divide-neutral-800"
      >
        {list.items.map((item, index) => (
          <ContentRow
            key={item.id}
            item={item}
            title={nameOf(item)}
            selected={selection.selected.has(item.id)}
            busy={manager.isBusy(item.id)}
            onSelect={(event) => selection.toggle(index, event)}
            onEdit={() => manager.edit(item)}
            onChange={(patch) => void manager.change(item, patch)}
            onDelete={() => manager.askDelete(item)}
          />
        ))}
      </ul>
      {list.nextCursor ? (
        // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
        <button
          type="button"
          className={`mt-4 ${secondaryButton}`}
          aria-disabled={list.status === "loading-more" || undefined}
          onClick={manager.showMore}
        >
          {t`Show more`}
        </button>
      ) : null}
      <ListNews news={manager.news} />

      {editing ? (
        <ItemEditor
          item={editing.item}
          kept={editing.kept}
          title={nameOf(editing.item)}
          onClose={manager.closeEditor}
          notify={manager.notify}
          onSaved={manager.saved}
        />
      ) : null}
      <ConfirmDialog
        confirmation={
          deleting && {
            title: t`Delete this item?`,
            description: nameOf(deleting),
            confirmLabel: t`Delete`,
            destructive: true,
            onConfirm: () => void manager.remove(deleting),
          }
        }
        onClose={manager.cancelDelete}
      />
    </section>
  );
}
