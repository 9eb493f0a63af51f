import { type Outcome, outcomeOf, ownerWrite } from "#app/components/admin/owner-api.ts";
import type { GalleryParams, MediaType } from "#app/features/gallery/media.ts";
import {
  type AdminMediaItem,
  type AdminMediaPage,
  adminMediaItem,
  adminMediaPage,
  type BulkOutcome,
  bulkOutcome,
  deletedItem,
  MAX_BULK_ITEMS,
  type MatchingItem,
  type MediaFieldsPatch,
  type MediaStatus,
  matchingItems,
  type TranslateRequest,
  translationsAnswer,
} from "#app/features/gallery/media-fields.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { fetchRead } from "#app/lib/fetch-read.ts";
import { readAnswer } from "#app/lib/read-answer.ts";

const API = "/api/admin/media";

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
  return outcomeOf(await readAnswer(response, adminMediaPage));
}

export async function readMatching(
  params: GalleryParams,
  locale: Locale,
): Promise<Outcome<MatchingItem[]> | { ok: false; unauthorized: false; tooMany: true }> {
  try {
    const response = await fetchRead(`${API}/matching?${listQuery(params, locale)}`);
    const answer = await readAnswer(response, matchingItems);
    if (!answer.ok && answer.code === "too_many") {
      return { ok: false, unauthorized: false, tooMany: true };
    }
    const outcome = outcomeOf(answer);
    return outcome.ok ? { ok: true, value: outcome.value.items } : outcome;
  } catch {
    return { ok: false, unauthorized: false };
  }
}

export async function readItem(id: string): Promise<Outcome<AdminMediaItem>> {
  try {
    return outcomeOf(await readAnswer(await fetchRead(`${API}/${id}`), adminMediaItem));
  } catch {
    return { ok: false, unauthorized: false };
  }
}

export const patchItem = (id: string, patch: MediaFieldsPatch) =>
  ownerWrite(`${API}/${id}`, "PATCH", adminMediaItem, patch);

export const deleteItem = (id: string) => ownerWrite(`${API}/${id}`, "DELETE", deletedItem);

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
    const outcome = await ownerWrite(`${API}/bulk`, "POST", bulkOutcome, { ids: turn, action });
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
  ownerWrite(`${API}/translate`, "POST", translationsAnswer, request);
