import { useCallback, useEffect, useRef, useState } from "react";
import type { GalleryParams } from "#app/features/gallery/media.ts";
import type { AdminMediaItem } from "#app/features/gallery/media-fields.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { readContentPage } from "./content-api.ts";

type State = {
  items: AdminMediaItem[];
  shown: string | null;
  nextCursor: string | null;
  status: "loading" | "loading-more" | "idle" | "error" | "unauthorized";
};

export function useContentList(params: GalleryParams, locale: Locale) {
  const [state, setState] = useState<State>({
    items: [],
    shown: null,
    nextCursor: null,
    status: "loading",
  });
  const [reload, setReload] = useState(0);
  const generation = useRef(0); // a new list makes an older one's answers stale
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(
    async (cursor: string | null) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      const mine = cursor ? generation.current : ++generation.current;
      setState((s) => ({ ...s, status: cursor ? "loading-more" : "loading" }));
      try {
        const outcome = await readContentPage(params, locale, cursor, current.signal);
        if (mine !== generation.current) return;
        if (!outcome.ok) {
          setState((s) => ({ ...s, status: outcome.unauthorized ? "unauthorized" : "error" }));
          return;
        }
        setState((s) => ({
          items: cursor ? [...s.items, ...outcome.value.items] : outcome.value.items,
          shown: `${params.type} ${params.q} ${params.sort}`,
          nextCursor: outcome.value.nextCursor,
          status: "idle",
        }));
      } catch {
        if (!current.signal.aborted) setState((s) => ({ ...s, status: "error" }));
      }
    },
    [params, locale],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters' values, not the object, start a new list; `reload` too.
  useEffect(() => {
    void load(null);
    return () => controller.current?.abort();
  }, [params.type, params.q, params.sort, locale, reload]);

  const replace = useCallback((changed: AdminMediaItem[]) => {
    const byId = new Map(changed.map((item) => [item.id, item]));
    setState((s) => ({ ...s, items: s.items.map((item) => byId.get(item.id) ?? item) }));
  }, []);
  const remove = useCallback((ids: string[]) => {
    const gone = new Set(ids);
    setState((s) => ({ ...s, items: s.items.filter((item) => !gone.has(item.id)) }));
  }, []);

  return {
    ...state,
    showMore: () => (state.nextCursor ? load(state.nextCursor) : undefined),
    refresh: () => setReload((n) => n + 1),
    replace,
    remove,
  };
}
