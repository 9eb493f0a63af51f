import { type AdminMediaItem, blankTexts } from "#app/features/gallery/media-fields.ts";

/** An item of the owner's content list for component tests, shaped as the API sends it. */
export function adminTestItem(id: string, overrides: Partial<AdminMediaItem> = {}): AdminMediaItem {
  return {
    ...blankTexts(),
    id,
    type: "image",
    featured: false,
    status: "published",
    source: "",
    takenAt: "2025-06-01T08:30:17.000Z",
    titleEn: `Title ${id}`,
    machineTranslated: [],
    machineDescribed: [],
    views: 0,
    likes: 0,
    thumbnailUrl: `/api/files/media/${id}-thumb`,
    width: 1280,
    height: 720,
    ...overrides,
  };
}
