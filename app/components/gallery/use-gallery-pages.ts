import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { PublicMediaItem } from "#app/features/gallery/gallery-api.ts";
import { type GalleryParams, galleryUrl } from "#app/features/gallery/media.ts";

export type GalleryPage = { items: PublicMediaItem[]; nextCursor: string | null };
// What a "Show more" read answers when the page could not be read (the route's middleware).
export type PageUnread = { unread: true };

type Loaded = GalleryPage & { list: string };

// What each history entry had loaded: Back returns to a gallery as long as it was left.
const byEntry = new Map<string, Loaded>();
const ENTRIES_KEPT = 50;

function remember(entry: string, loaded: Loaded) {
  byEntry.delete(entry);
  byEntry.set(entry, loaded);
  for (const oldest of byEntry.keys()) {
    if (byEntry.size <= ENTRIES_KEPT) break;
    byEntry.delete(oldest);
  }
}

export function useGalleryPages(first: GalleryPage, path: string, params: GalleryParams) {
  const list = galleryUrl(path, params);
  const { key: entry } = useLocation();
  const fetcher = useFetcher<GalleryPage | PageUnread>();
  const [loaded, setLoaded] = useState(() => byEntry.get(entry));
  const [failedList, setFailedList] = useState<string | null>(null);
  // The list the fetcher reads for: another filter's read under way does not hold this one.
  const [readingList, setReadingList] = useState<string | null>(null);
  const requested = useRef<{ list: string; url: string; again: boolean } | null>(null);
  const current = loaded?.list === list ? loaded : undefined;

  useEffect(() => {
    const stored = byEntry.get(entry);
    if (stored?.list !== list) return;
    setLoaded((mine) =>
      mine?.list === list && mine.items.length >= stored.items.length ? mine : stored,
    );
  }, [entry, list]);

  useEffect(() => {
    if (current) remember(entry, current);
  }, [entry, current]);

  useEffect(() => {
    const request = requested.current;
    const page = fetcher.data;
    if (fetcher.state !== "idle" || page === undefined || !request) return;
    requested.current = null;
    if (request.list !== list) return;
    if ("unread" in page && !request.again) {
      // Reads are asked once more before they count as failed (spec §8).
      requested.current = { ...request, again: true };
      void fetcher.load(request.url);
      return;
    }
    if ("unread" in page) {
      setFailedList(list);
      return;
    }
    setLoaded((mine) => {
      const before = mine?.list === list ? mine.items : [];
      const known = new Set([...first.items, ...before].map((item) => item.id));
      return {
        list,
        items: [...before, ...page.items.filter((item) => !known.has(item.id))],
        nextCursor: page.nextCursor,
      };
    });
  }, [fetcher.state, fetcher.data, fetcher.load, list, first.items]);

  const known = new Set(first.items.map((item) => item.id));
  const nextCursor = current ? current.nextCursor : first.nextCursor;
  const loading = fetcher.state !== "idle" && readingList === list;
  return {
    items: [...first.items, ...(current?.items ?? []).filter((item) => !known.has(item.id))],
    nextCursor,
    loading,
    failed: failedList === list,
    loadMore() {
      if (!nextCursor || loading) return;
      const url = galleryUrl(path, params, nextCursor);
      requested.current = { list, url, again: false };
      setFailedList(null);
      setReadingList(list);
      void fetcher.load(url);
    },
  };
}
