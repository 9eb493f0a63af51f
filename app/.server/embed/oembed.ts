import type { I18n } from "@lingui/core";
import { newestStill } from "#app/.server/archive/still-picture.ts";
import type { RequestScope } from "#app/.server/context.ts";
import { toPublicItem } from "#app/.server/gallery/public-item.ts";
import { getPublishedMedia, MEDIA_ID_PATTERN } from "#app/.server/gallery/published-media.ts";
import { mediaBase } from "#app/.server/media-host/public-url.ts";
import type { OembedAnswer } from "#app/features/embed/embed-api.ts";
import { EMBED_STRIP_HEIGHT, embedFrameSize } from "#app/features/embed/embed-size.ts";
import { embedTitle, siteName } from "#app/features/embed/embed-texts.ts";
import { photoSrcSet } from "#app/features/gallery/media.ts";
import {
  type Locale,
  localeFromPath,
  localizePath,
  pagePath,
  stripLocale,
} from "#app/i18n/locales.ts";

/** What a consumer may ask (oembed.com §2.2); `url` is checked against the site by `oembedFor`. */
export type OembedRequest = { url: string; maxwidth?: number; maxheight?: number };

export const OEMBED_CACHE_SECONDS = 3600;
const DEFAULT_WIDTH = 640;

const escapeAttribute = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

function frameSize(maxwidth?: number, maxheight?: number) {
  let width = Math.min(DEFAULT_WIDTH, maxwidth ?? DEFAULT_WIDTH);
  if (maxheight !== undefined && embedFrameSize(width).height > maxheight) {
    width = Math.floor(((maxheight - EMBED_STRIP_HEIGHT) * 16) / 9);
  }
  return embedFrameSize(Math.max(1, width));
}

function fittingPicture(
  srcSet: string,
  aspect: number,
  maxwidth = Number.POSITIVE_INFINITY,
  maxheight = Number.POSITIVE_INFINITY,
) {
  const fitting = srcSet
    .split(", ")
    .map((candidate) => {
      const [url = "", w = ""] = candidate.split(" ");
      const width = Number.parseInt(w, 10);
      return { url, width, height: Math.round(width / aspect) };
    })
    .filter(({ width, height }) => width <= maxwidth && height <= maxheight)
    .sort((a, b) => b.width - a.width);
  return fitting[0];
}

// Only the home page, the embed, the gallery and its published items can be embedded.
export async function oembedFor(
  { db, config }: Pick<RequestScope, "db" | "config">,
  { url, maxwidth, maxheight }: OembedRequest,
  i18nFor: (locale: Locale) => I18n,
): Promise<OembedAnswer | null> {
  const site = new URL(config.SITE_URL);
  const target = URL.parse(url);
  if (!target || target.origin !== site.origin) return null;
  const locale = localeFromPath(target.pathname);
  const bare = stripLocale(pagePath(target.pathname));
  const itemId = /^\/gallery\/([^/]+)$/.exec(bare)?.[1];
  if (!["/", "/embed", "/gallery"].includes(bare) && itemId === undefined) return null;
  const row =
    itemId === undefined
      ? null
      : MEDIA_ID_PATTERN.test(itemId)
        ? await getPublishedMedia(db, itemId)
        : null;
  if (itemId !== undefined && !row) return null;

  const item = row ? toPublicItem(row, locale, mediaBase(config)) : null;
  const title = item?.title ?? embedTitle(i18nFor(locale), config.CAMERA_LOCATION);
  const src = new URL(localizePath("/embed", locale), site);
  if (item) src.searchParams.set("item", item.id);
  const { width, height } = frameSize(maxwidth, maxheight);
  const html = `<iframe src="${escapeAttribute(src.href)}" width="${width}" height="${height}" title="${escapeAttribute(title)}" allow="fullscreen" loading="lazy" frameborder="0" style="border:0"></iframe>`;

  const still = item ? null : await newestStill(db, mediaBase(config));
  const picture = item
    ? item.type === "image"
      ? fittingPicture(photoSrcSet(item), item.width / item.height, maxwidth, maxheight)
      : undefined
    : still?.srcSet
      ? fittingPicture(still.srcSet, still.width / still.height, maxwidth, maxheight)
      : undefined;
  return {
    version: "1.0",
    type: "rich",
    title,
    provider_name: siteName(i18nFor(locale)),
    provider_url: new URL(localizePath("/", locale), site).href,
    author_name: config.OWNER_NAME,
    author_url: new URL(localizePath("/about", locale), site).href,
    cache_age: OEMBED_CACHE_SECONDS,
    html,
    width,
    height,
    ...(picture
      ? {
          thumbnail_url: new URL(picture.url, site).href,
          thumbnail_width: picture.width,
          thumbnail_height: picture.height,
        }
      : {}),
  };
}
