import { scaledWidth, VERSIONS } from "#app/features/uploads/upload-limits.ts";
import { SHARE_CARD } from "#protocol/share-card.ts";
import type { PublicMediaItem } from "./gallery-api.ts";

// The same list as the D1 schema's; the server's gallery/admin-media.ts checks that they agree.
export const mediaTypes = ["image", "video", "timelapse"] as const;
export type MediaType = (typeof mediaTypes)[number];

/** A photo's versions by their real width, smallest first. */
function photoVersions(item: PublicMediaItem): Map<number, string> {
  const { width, height } = item;
  const versions = [
    [item.thumbnailUrl, VERSIONS.thumbnail.longSide],
    [item.smallUrl, VERSIONS.small.longSide],
    [item.mediumUrl, VERSIONS.medium.longSide],
    [item.fileUrl, VERSIONS.web.longSide],
  ] as const;
  const candidates = new Map<number, string>();
  for (const [url, longSide] of versions) {
    const versionWidth = scaledWidth(width, height, longSide);
    if (url && !candidates.has(versionWidth)) candidates.set(versionWidth, url);
  }
  return candidates;
}

/** Each version with its real width, so a browser takes the smallest sharp enough (ADR 031). */
export const photoSrcSet = (item: PublicMediaItem) =>
  [...photoVersions(item)].map(([w, url]) => `${url} ${w}w`).join(", ");

/** The real width of the version at `src` (an `<img>`'s currentSrc); 0 if it is none of them. */
export function versionWidth(item: PublicMediaItem, src: string): number {
  for (const [width, url] of photoVersions(item)) if (src.endsWith(url)) return width;
  return 0;
}

export function itemShareImage(item: PublicMediaItem) {
  if (item.cardUrl) {
    return {
      url: item.cardUrl,
      width: SHARE_CARD.width,
      height: SHARE_CARD.height,
      alt: item.title,
    };
  }
  const { width, height } = item;
  const [url, longSide] =
    item.type === "image"
      ? [item.mediumUrl ?? item.fileUrl, VERSIONS.medium.longSide]
      : [item.thumbnailUrl, VERSIONS.thumbnail.longSide];
  const shownWidth = scaledWidth(width, height, longSide);
  return {
    url,
    width: shownWidth,
    height: Math.round((shownWidth * height) / width),
    alt: item.title,
  };
}

export function viewerPicture(item: PublicMediaItem): {
  src: string;
  srcSet?: string;
  sizes?: string;
} {
  if (item.type !== "image") return { src: item.thumbnailUrl };
  return { src: item.fileUrl, srcSet: photoSrcSet(item), sizes: "(min-width: 65rem) 64rem, 100vw" };
}

export const MAX_SEARCH_LENGTH = 100;

export const galleryTabs = ["all", "photos", "videos"] as const;
export type GalleryTab = (typeof galleryTabs)[number];
export const gallerySorts = ["newest", "oldest"] as const;
type GallerySort = (typeof gallerySorts)[number];
export type GalleryParams = { type: GalleryTab; q: string; sort: GallerySort };

export function galleryUrl(path: string, params: GalleryParams, cursor?: string): string {
  const search = new URLSearchParams({ type: params.type, sort: params.sort });
  if (params.q) search.set("q", params.q);
  if (cursor) search.set("cursor", cursor);
  return `${path}?${search}`;
}
