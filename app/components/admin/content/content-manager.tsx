import { Plural, useLingui } from "@lingui/react/macro";
import { type MouseEvent, useEffect, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { type GalleryParams, type GalleryTab, MAX_SEARCH_LENGTH } from "~/lib/media";
import type { AdminMediaItem, MediaType } from "~/lib/media-fields";
import { useLocale } from "../../localized-link";
import { useToast } from "../../ui/toaster";
import { dangerButton, secondaryButton } from "../styles";
import { type Confirmation, ConfirmDialog } from "./confirm-dialog";
import { type BulkAction, bulkAction, deleteItem, patchItem } from "./content-api";
import { ContentRow } from "./content-row";
import { ItemEditor } from "./item-editor";
import { TypeSelect } from "./type-select";
import { useContentList } from "./use-content-list";
import { titleOf, useMediaWords } from "./words";

type Notice = "updated" | "update-failed" | "deleted" | "deletion-failed" | "translation-failed";

/** Content management (spec §2): every item, its single actions, and bulk actions with confirmations. */
export function ContentManager() {
  const { t } = useLingui();
  const locale = useLocale();
  const words = useMediaWords();
  const toast = useToast();
  const revalidator = useRevalidator();
  const ids = useId();
  const [params, setParams] = useState<GalleryParams>({ type: "all", q: "", sort: "newest" });
  const [search, setSearch] = useState("");
  const list = useContentList(params, locale);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<AdminMediaItem | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [bulkType, setBulkType] = useState<MediaType>("image");

  // Searching as the owner types, once they pause.
  useEffect(() => {
    const timer = setTimeout(
      () => setParams((p) => (p.q === search.trim() ? p : { ...p, q: search.trim() })),
      300,
    );
    return () => clearTimeout(timer);
  }, [search]);

  // A new list starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters' values start a new list.
  useEffect(() => {
    setSelected(new Set());
    setAnchor(null);
  }, [params.type, params.q, params.sort]);

  const nameOf = (item: AdminMediaItem) => titleOf(item, locale, words.untitled);
  const sessionEnded = t`Your session has expired. Please log in again.`;

  function notify(notice: Notice, unauthorized = false) {
    const titles: Record<Notice, string> = {
      updated: t`Successfully updated`,
      "update-failed": t`Update failed`,
      deleted: t`Successfully deleted`,
      "deletion-failed": t`Deletion failed`,
      "translation-failed": t`Translation failed`,
    };
    toast({
      variant: notice.endsWith("failed") ? "error" : "success",
      title: titles[notice],
      ...(unauthorized
        ? {
            description: sessionEnded,
            // Reloading the page's data meets the guard, which leads to the login page.
            action: { label: t`Log in again`, onSelect: () => void revalidator.revalidate() },
          }
        : {}),
    });
  }

  /** Item changes touch the dashboard's totals (types, deletions): its loader reads them again. */
  const totalsChanged = () => void revalidator.revalidate();

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
        list.remove([item.id]);
        setSelected((s) => {
          const next = new Set(s);
          next.delete(item.id);
          return next;
        });
        notify("deleted");
        totalsChanged();
      },
    });
  }

  function select(index: number, event: MouseEvent<HTMLInputElement>) {
    const item = list.items[index];
    if (!item) return;
    const checked = event.currentTarget.checked;
    const [from, to] =
      event.shiftKey && anchor !== null
        ? [Math.min(anchor, index), Math.max(anchor, index)]
        : [index, index];
    setSelected((current) => {
      const next = new Set(current);
      for (const { id } of list.items.slice(from, to + 1)) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
    setAnchor(index);
  }

  async function runBulk(action: BulkAction) {
    const chosen = list.items.filter((item) => selected.has(item.id));
    const outcome = await bulkAction(
      chosen.map((item) => item.id),
      action,
    );
    const deleting = action.kind === "delete";
    if (!outcome.ok)
      return notify(deleting ? "deletion-failed" : "update-failed", outcome.unauthorized);
    const { done, failed } = outcome.value;
    if (deleting) list.remove(done);
    else {
      const doneIds = new Set(done);
      const change =
        action.kind === "status"
          ? { status: action.status }
          : action.kind === "type"
            ? { type: action.type }
            : {};
      list.replace(
        chosen.filter((item) => doneIds.has(item.id)).map((item) => ({ ...item, ...change })),
      );
    }
    setSelected(new Set(failed));
    if (action.kind !== "status") totalsChanged();
    if (failed.length === 0) {
      toast({
        variant: "success",
        title: deleting
          ? t`Selected items successfully deleted`
          : t`Selected items successfully updated`,
      });
      return;
    }
    const names = chosen
      .filter((item) => failed.includes(item.id))
      .map(nameOf)
      .join(", ");
    toast({
      variant: "error",
      title: deleting ? t`Some items could not be deleted` : t`Some items could not be updated`,
      description: names,
    });
  }

  const count = selected.size;
  const typeName = words.type[bulkType];
  const bulkConfirmations = {
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
      onConfirm: () => void runBulk({ kind: "status", status: "published" }),
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
      onConfirm: () => void runBulk({ kind: "status", status: "hidden" }),
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
      onConfirm: () => void runBulk({ kind: "type", type: bulkType }),
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
      onConfirm: () => void runBulk({ kind: "delete" }),
    },
  } satisfies Record<string, Confirmation>;

  const bulkButtons: { key: keyof typeof bulkConfirmations; label: string; className: string }[] = [
    { key: "type", label: t`Change type`, className: secondaryButton },
    { key: "show", label: t`Show selected`, className: secondaryButton },
    { key: "hide", label: t`Hide selected`, className: secondaryButton },
    { key: "delete", label: t`Delete selected`, className: dangerButton },
  ];

  const tabs: { value: GalleryTab; label: string }[] = [
    { value: "all", label: t`All` },
    { value: "photos", label: t`Images` },
    { value: "videos", label: t`Videos` },
  ];

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="border-t border-neutral-200 py-6 dark:border-neutral-800"
    >
      <h2 id={`${ids}-title`} className="text-xl font-semibold">
        {t`Content`}
      </h2>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <fieldset className="flex rounded-md border border-neutral-300 dark:border-neutral-700">
          <legend className="sr-only">{t`Filter by type`}</legend>
          {tabs.map((tab) => (
            <button
              key={tab.value}
              type="button"
              aria-pressed={params.type === tab.value}
              onClick={() => setParams((p) => ({ ...p, type: tab.value }))}
              className="min-h-11 px-4 text-sm font-medium aria-pressed:bg-primary-700 aria-pressed:text-white"
            >
              {tab.label}
            </button>
          ))}
        </fieldset>
        <div className="min-w-48 flex-1">
          <label htmlFor={`${ids}-search`} className="block text-sm font-medium">
            {t`Search content`}
          </label>
          <input
            id={`${ids}-search`}
            type="search"
            value={search}
            maxLength={MAX_SEARCH_LENGTH}
            onChange={(e) => setSearch(e.target.value)}
            className="mt-1 min-h-11 w-full rounded-md border border-neutral-300 bg-white px-3 dark:border-neutral-700 dark:bg-neutral-900"
          />
        </div>
        <div>
          <label htmlFor={`${ids}-sort`} className="block text-sm font-medium">
            {t`Sort by date`}
          </label>
          <select
            id={`${ids}-sort`}
            value={params.sort}
            onChange={(e) =>
              setParams((p) => ({ ...p, sort: e.target.value === "oldest" ? "oldest" : "newest" }))
            }
            className="mt-1 min-h-11 rounded-md border border-neutral-300 bg-white px-2 dark:border-neutral-700 dark:bg-neutral-900"
          >
            <option value="newest">{t`Newest first`}</option>
            <option value="oldest">{t`Oldest first`}</option>
          </select>
        </div>
      </div>

      <div
        role="toolbar"
        aria-label={t`Bulk actions`}
        className="mt-4 flex flex-wrap items-center gap-2 rounded-lg bg-neutral-100 p-3 dark:bg-neutral-800"
      >
        <p className="mr-auto text-sm" aria-live="polite">
          <Plural
            value={count}
            _0="No items selected"
            one="# item selected"
            other="# items selected"
          />
        </p>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => setSelected(new Set(list.items.map((i) => i.id)))}
        >
          {t`Select all`}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={count === 0}
          onClick={() => setSelected(new Set())}
        >
          {t`Deselect all`}
        </button>
        <TypeSelect
          value={bulkType}
          onChange={setBulkType}
          label={t`New type for the selected items`}
        />
        {bulkButtons.map(({ key, label, className }) => (
          <button
            key={key}
            type="button"
            className={className}
            disabled={count === 0}
            onClick={() => setConfirmation(bulkConfirmations[key])}
          >
            {label}
          </button>
        ))}
      </div>

      {list.status === "error" || list.status === "unauthorized" ? (
        <p role="alert" className="mt-4 text-error-600">
          {list.status === "unauthorized" ? sessionEnded : t`The content could not be loaded.`}{" "}
          <button type="button" className="underline" onClick={list.refresh}>
            {t`Try again`}
          </button>
        </p>
      ) : null}
      {list.status === "idle" && list.items.length === 0 ? (
        <p className="mt-4 text-neutral-600 dark:text-neutral-400">
          {params.q ? t`No items match this search.` : t`No items yet.`}
        </p>
      ) : null}
      <ul
        aria-busy={list.status === "loading"}
        className="divide-y divide-neutral-200 dark:divide-neutral-800"
      >
        {list.items.map((item, index) => (
          <ContentRow
            key={item.id}
            item={item}
            title={nameOf(item)}
            selected={selected.has(item.id)}
            busy={busy.has(item.id)}
            onSelect={(event) => select(index, event)}
            onEdit={() => setEditing(item)}
            onChange={(patch) => void change(item, patch)}
            onDelete={() => askDelete(item)}
          />
        ))}
      </ul>
      {list.nextCursor ? (
        <button
          type="button"
          className={`mt-4 ${secondaryButton}`}
          disabled={list.status === "loading-more"}
          onClick={() => void list.showMore()}
        >
          {t`Show more`}
        </button>
      ) : null}

      {editing ? (
        <ItemEditor
          item={editing}
          title={nameOf(editing)}
          onClose={() => setEditing(null)}
          notify={notify}
          onSaved={(item) => {
            list.replace([item]);
            setEditing(null);
            totalsChanged();
          }}
        />
      ) : null}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}
