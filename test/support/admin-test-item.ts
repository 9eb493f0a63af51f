import { localizedField } from "#app/features/gallery/localized-fields.ts";
import type { AdminMediaItem } from "#app/features/gallery/media-fields.ts";
import { locales } from "#app/i18n/locales.ts";

/** An item of the owner's content list for component tests, shaped as the API sends it. */
export function adminTestItem(id: string, overrides: Partial<AdminMediaItem> = {}): AdminMediaItem {
  const texts = Object.fromEntries(
    locales.flatMap((l) => [
      [localizedField("title", l), ""],
      [localizedField("description", l), ""],
      [localizedField("tags", l), []],
    ]),
  );
  return {
    ...texts,
    id,
    type: "image",
    featured: false,
    status: "published",
    source: "",
    takenAt: "2025-06-01T08:30:17.000Z",
    titleEn: `Title ${id}`,
    machineTranslated: [],
    views: 0,
    likes: 0,
    thumbnailUrl: `/api/files/media/${id}-thumb`,
    width: 1280,
    height: 720,
    ...overrides,
  } as AdminMediaItem;
}
