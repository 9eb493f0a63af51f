import { scaledWidth, THUMBNAIL_LONG_SIDE, WEB_LONG_SIDE } from "./uploads/limits";

/** What visitors see of a media item, in one language (the API's and loaders' shape). */
export type PublicMediaItem = {
  id: string;
  type: "image" | "video" | "timelapse";
  title: string;
  description: string;
  tags: string[];
  source: string;
  featured: boolean;
  likes: number;
  views: number;
  takenAt: string;
  width: number;
  height: number;
  durationSeconds: number | null;
  contentType: string;
  fileUrl: string;
  thumbnailUrl: string;
};

/**
 * A photo's versions for `srcset`, each with its real width, so that a browser takes the
 * thumbnail wherever it is sharp enough instead of the web version (ADR 013).
 */
export function photoSrcSet(item: PublicMediaItem): string {
  const { width, height } = item;
  const thumbnail = scaledWidth(width, height, THUMBNAIL_LONG_SIDE);
  return `${item.thumbnailUrl} ${thumbnail}w, ${item.fileUrl} ${scaledWidth(width, height, WEB_LONG_SIDE)}w`;
}

/** The picture an opened item shows first: the photo itself, or the video's poster. */
export function viewerPicture(item: PublicMediaItem): string {
  return item.type === "image" ? item.fileUrl : item.thumbnailUrl;
}

export const MAX_SEARCH_LENGTH = 100;

export const galleryTabs = ["all", "photos", "videos"] as const;
export type GalleryTab = (typeof galleryTabs)[number];
export const gallerySorts = ["newest", "oldest"] as const;
export type GallerySort = (typeof gallerySorts)[number];
export type GalleryParams = { type: GalleryTab; q: string; sort: GallerySort };

export function galleryUrl(path: string, params: GalleryParams, cursor?: string): string {
  const search = new URLSearchParams({ type: params.type, sort: params.sort });
  if (params.q) search.set("q", params.q);
  if (cursor) search.set("cursor", cursor);
  return `${path}?${search}`;
}
