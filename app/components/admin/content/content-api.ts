import { type Outcome, ownerWrite } from "#app/components/admin/owner-api.ts";
import type { GalleryParams } from "#app/features/gallery/media.ts";
import {
  type AdminMediaItem,
  type AdminMediaPage,
  type BulkOutcome,
  MAX_BULK_ITEMS,
  type MatchingItem,
  type MatchingItems,
  type MediaFieldsPatch,
  type MediaStatus,
  type MediaType,
  type TranslateRequest,
  type Translations,
} from "#app/features/gallery/media-fields.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { fetchRead } from "#app/lib/fetch-read.ts";

const API = "/api/admin/media";

const write = <T>(path: string, method: string, body?: unknown) =>
  ownerWrite<T>(`${API}${path}`, method, body);

const listQuery = (params: GalleryParams, locale: Locale) => {
  const query = new URLSearchParams({ type: params.type, lang: locale });
  if (params.q) query.set("q", params.q);
  return query;
};

export async function readContentPage(
  params: GalleryParams,
  locale: Locale,
  cursor: string | null,
  signal: AbortSignal,
): Promise<Outcome<AdminMediaPage>> {
  const query = listQuery(params, locale);
  query.set("sort", params.sort);
  if (cursor) query.set("cursor", cursor);
  const response = await fetchRead(`${API}?${query}`, { signal });
  if (!response.ok) return { ok: false, unauthorized: response.status === 401 };
  return { ok: true, value: (await response.json()) as AdminMediaPage };
}

export async function readMatching(
  params: GalleryParams,
  locale: Locale,
): Promise<Outcome<MatchingItem[]> | { ok: false; unauthorized: false; tooMany: true }> {
  try {
    const response = await fetchRead(`${API}/matching?${listQuery(params, locale)}`);
    if (response.status === 422) return { ok: false, unauthorized: false, tooMany: true };
    if (!response.ok) return { ok: false, unauthorized: response.status === 401 };
    return { ok: true, value: ((await response.json()) as MatchingItems).items };
  } catch {
    return { ok: false, unauthorized: false };
  }
}

export async function readItem(id: string): Promise<Outcome<AdminMediaItem>> {
  try {
    const response = await fetchRead(`${API}/${id}`);
    if (!response.ok) {
      return { ok: false, unauthorized: response.status === 401, gone: response.status === 404 };
    }
    return { ok: true, value: (await response.json()) as AdminMediaItem };
  } catch {
    return { ok: false, unauthorized: false };
  }
}

export const patchItem = (id: string, patch: MediaFieldsPatch) =>
  write<AdminMediaItem>(`/${id}`, "PATCH", patch);

export const deleteItem = (id: string) => write<{ deleted: string }>(`/${id}`, "DELETE");

export type BulkAction =
  | { kind: "delete" }
  | { kind: "status"; status: MediaStatus }
  | { kind: "type"; type: MediaType };

// In turns; after a failed turn what earlier turns changed stays done, so the list stays true.
export async function bulkAction(ids: string[], action: BulkAction): Promise<Outcome<BulkOutcome>> {
  const done: string[] = [];
  const failed: string[] = [];
  for (let start = 0; start < ids.length; start += MAX_BULK_ITEMS) {
    const turn = ids.slice(start, start + MAX_BULK_ITEMS);
    const outcome = await write<BulkOutcome>("/bulk", "POST", { ids: turn, action });
    if (!outcome.ok) {
      if (done.length === 0) return outcome;
      return { ok: true, value: { done, failed: [...failed, ...ids.slice(start)] } };
    }
    done.push(...outcome.value.done);
    failed.push(...outcome.value.failed);
  }
  return { ok: true, value: { done, failed } };
}

export const translate = (request: TranslateRequest) =>
  write<{ translations: Translations }>("/translate", "POST", request);
