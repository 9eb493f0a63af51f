// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { type MouseEvent, useEffect, useState } from "react";
import { useSessionEnded } from "#app/components/admin/session-ended.ts";
import { useToast } from "#app/components/ui/toaster.tsx";
import type { GalleryParams } from "#app/features/gallery/media.ts";
import { MAX_SELECTION } from "#app/features/gallery/media-fields.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { formatNumber } from "#app/lib/format.ts";
import { type BulkAction, bulkAction, readMatching } from "./content-api.ts";
import type { useNotify } from "./notices.ts";
import type { useContentList } from "./use-content-list.ts";
import { titleOf, useMediaWords } from "./words.ts";

const NAMED_FAILURES = 5;

type Selection = {
  ids: Set<string>;
  all: boolean;
  // Titles of the items "Select all" took that the list has not loaded.
  titles: Map<string, string>;
};
const nothing: Selection = { ids: new Set(), all: false, titles: new Map() };

// "Select all" takes every item the filters match, beyond the pages loaded (ADR 015).
export function useBulkSelection({
  list,
  params,
  locale,
  notify,
  onTotalsChanged,
}: {
  list: ReturnType<typeof useContentList>;
  params: GalleryParams;
  locale: Locale;
  notify: ReturnType<typeof useNotify>;
  onTotalsChanged: () => void;
}) {
  const { t } = useLingui();
  const words = useMediaWords();
  const toast = useToast();
  const sessionEnded = useSessionEnded();
  const [selection, setSelection] = useState<Selection>(nothing);
  const [anchor, setAnchor] = useState<number | null>(null);
  const [selecting, setSelecting] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters' values start a new list.
  useEffect(() => {
    setSelection(nothing);
    setAnchor(null);
  }, [params.type, params.q, params.sort]);

  const nameOf = (id: string) => {
    const item = list.items.find((shown) => shown.id === id);
    return item ? titleOf(item, locale, words.untitled) : (selection.titles.get(id) ?? id);
  };

  function toggle(index: number, event: MouseEvent<HTMLInputElement>) {
    const item = list.items[index];
    if (!item) return;
    const checked = event.currentTarget.checked;
    const [from, to] =
      event.shiftKey && anchor !== null
        ? [Math.min(anchor, index), Math.max(anchor, index)]
        : [index, index];
    setSelection((current) => {
      const ids = new Set(current.ids);
      for (const { id } of list.items.slice(from, to + 1)) {
        if (checked) ids.add(id);
        else ids.delete(id);
      }
      return { ...current, ids, all: false };
    });
    setAnchor(index);
  }

  async function selectAll() {
    if (selecting) return;
    if (!list.nextCursor) {
      setSelection({
        ids: new Set(list.items.map((item) => item.id)),
        all: true,
        titles: new Map(),
      });
      return;
    }
    setSelecting(true);
    const outcome = await readMatching(params, locale);
    setSelecting(false);
    if (!outcome.ok) {
      const tooMany = "tooMany" in outcome;
      const most = formatNumber(locale, MAX_SELECTION);
      toast({
        variant: "error",
        title: t`The items could not be selected`,
        ...(tooMany ? { description: t`More than ${most} items match: narrow the search.` } : {}),
        ...(outcome.unauthorized ? sessionEnded.toast : {}),
      });
      return;
    }
    const items = outcome.value;
    setSelection({
      ids: new Set(items.map((item) => item.id)),
      all: true,
      titles: new Map(items.map((item) => [item.id, titleOf(item, locale, words.untitled)])),
    });
  }

  function forget(id: string) {
    setSelection((current) => {
      const ids = new Set(current.ids);
      ids.delete(id);
      return { ...current, ids, all: false };
    });
  }

  async function run(action: BulkAction) {
    const ids = [...selection.ids];
    const deleting = action.kind === "delete";
    const outcome = await bulkAction(ids, action);
    if (!outcome.ok)
      return notify(deleting ? "deletion-failed" : "update-failed", outcome.unauthorized);
    const { done, failed } = outcome.value;
    const loaded = new Map(list.items.map((item) => [item.id, item]));
    if (ids.some((id) => !loaded.has(id))) {
      list.refresh();
    } else if (action.kind === "delete") {
      list.remove(done);
    } else {
      const change = action.kind === "status" ? { status: action.status } : { type: action.type };
      list.replace(
        done.flatMap((id) => {
          const item = loaded.get(id);
          return item ? [{ ...item, ...change }] : [];
        }),
      );
    }
    setSelection((current) => ({ ...current, ids: new Set(failed), all: false }));
    if (action.kind !== "status") onTotalsChanged();
    if (failed.length === 0) {
      toast({
        variant: "success",
        title: deleting
          ? t`Selected items successfully deleted`
          : t`Selected items successfully updated`,
      });
      return;
    }
    const names = failed.slice(0, NAMED_FAILURES).map(nameOf).join(", ");
    const more = failed.length - NAMED_FAILURES;
    toast({
      variant: "error",
      title: deleting ? t`Some items could not be deleted` : t`Some items could not be updated`,
      description: more > 0 ? t`${names} and ${more} more` : names,
    });
  }

  return {
    selected: selection.ids,
    all: selection.all ? { filtered: params.type !== "all" || params.q !== "" } : null,
    selecting,
    toggle,
    selectAll,
    deselectAll: () => setSelection(nothing),
    forget,
    run,
  };
}
