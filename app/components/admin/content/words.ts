// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { localizedField } from "#app/features/gallery/localized-fields.ts";
import type { MediaType } from "#app/features/gallery/media.ts";
import type { MatchingItem, MediaStatus } from "#app/features/gallery/media-fields.ts";
import type { Locale } from "#app/i18n/locales.ts";

export function useMediaWords() {
  const { t } = useLingui();
  const type: Record<MediaType, string> = {
    image: t`Image`,
    video: t`Video`,
    timelapse: t`Timelapse`,
  };
  const status: Record<MediaStatus, string> = {
    draft: t`Draft`,
    published: t`Published`,
    hidden: t`Hidden`,
  };
  return { type, status, untitled: t`Untitled` };
}

export function titleOf(item: MatchingItem, locale: Locale, untitled: string): string {
  const order: Locale[] = [locale, "en", "de", "it", "fr", "es"];
  for (const candidate of order) {
    const title = item[localizedField("title", candidate)];
    if (title) return title;
  }
  return untitled;
}
