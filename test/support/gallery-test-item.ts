import type { PublicMediaItem } from "#app/features/gallery/gallery-api.ts";

/** A gallery item for component tests, shaped as the API sends it. */
export function testItem(
  id: string,
  type: PublicMediaItem["type"],
  overrides: Partial<PublicMediaItem> = {},
): PublicMediaItem {
  const video = type !== "image";
  return {
    id,
    type,
    title: `Title ${id}`,
    description: "",
    alt: "",
    tags: [],
    source: "",
    featured: false,
    likes: 0,
    views: 0,
    takenAt: "2025-06-01T00:00:00.000Z",
    width: 1280,
    height: 720,
    durationSeconds: video ? 10 : null,
    contentType: video ? "video/mp4" : "image/jpeg",
    fileUrl: `/api/files/media/${id}`,
    thumbnailUrl: `/api/files/media/${id}-thumb`,
    smallUrl: null,
    mediumUrl: null,
    cardUrl: null,
    sheet: null,
    ...overrides,
  };
}
