// JSON-LD made in loaders, so the pages' JavaScript carries only the finished string.
import type { ImageObject, Place, Thing, VideoObject, WebSite } from "schema-dts";
import type { RequestScope } from "#app/.server/context.ts";
import type { Config } from "#app/.server/env.ts";
import type { StillPicture } from "#app/features/archive/archive-api.ts";
import { siteName } from "#app/features/feed/feed-texts.ts";
import type { PublicMediaItem } from "#app/features/gallery/gallery-api.ts";
import { type Locale, localizePath } from "#app/i18n/locales.ts";

type Site = { config: Config; locale: Locale; siteName: string };

export const siteOf = ({ config, locale, i18n }: RequestScope): Site => ({
  config,
  locale,
  siteName: siteName(i18n),
});

const absolute = ({ config }: Site, path: string) => new URL(path, config.SITE_URL).href;

/** A graph as a `<script type="application/ld+json">`'s text: `<` escaped, so it cannot end it. */
export function jsonLd(graph: Exclude<Thing, string>[]): string {
  return JSON.stringify({ "@context": "https://schema.org", "@graph": graph }).replaceAll(
    "<",
    "\\u003c",
  );
}

const placeId = ({ config }: Site) => new URL("/#camera", config.SITE_URL).href;

export function cameraPlace(site: Site): Exclude<Place, string> {
  const { config } = site;
  return {
    "@type": "Place",
    "@id": placeId(site),
    name: config.CAMERA_LOCATION,
    geo: {
      "@type": "GeoCoordinates",
      latitude: config.CAMERA_LATITUDE,
      longitude: config.CAMERA_LONGITUDE,
    },
  };
}

export function webSite(site: Site): Exclude<WebSite, string> {
  return {
    "@type": "WebSite",
    name: site.siteName,
    url: absolute(site, localizePath("/", site.locale)),
    inLanguage: site.locale,
    about: { "@id": placeId(site) },
  };
}

/** Who made the pictures and on what terms (the Terms page), as Google's image metadata asks. */
function credits(site: Site) {
  return {
    creditText: site.siteName,
    creator: { "@type": "Person" as const, name: site.config.OWNER_NAME },
    copyrightNotice: `© ${site.config.OWNER_NAME}`,
    acquireLicensePage: absolute(site, localizePath("/terms", site.locale)),
  };
}

export function stillImageObject(
  site: Site,
  still: StillPicture,
  caption: string,
): Exclude<ImageObject, string> {
  return {
    "@type": "ImageObject",
    contentUrl: absolute(site, still.url),
    width: { "@type": "QuantitativeValue", value: still.width, unitCode: "E37" },
    height: { "@type": "QuantitativeValue", value: still.height, unitCode: "E37" },
    caption,
    dateCreated: still.takenAt,
    contentLocation: cameraPlace(site),
    ...credits(site),
  };
}

export function mediaItemObject(
  site: Site,
  item: PublicMediaItem,
): Exclude<ImageObject | VideoObject, string> {
  const common = {
    name: item.title,
    description: item.description || item.title,
    contentUrl: absolute(site, item.fileUrl),
    thumbnailUrl: absolute(site, item.thumbnailUrl),
    url: absolute(site, localizePath(`/gallery/${item.id}`, site.locale)),
    inLanguage: site.locale,
    ...credits(site),
  };
  if (item.type === "image") {
    return { "@type": "ImageObject", ...common, dateCreated: item.takenAt };
  }
  return {
    "@type": "VideoObject",
    ...common,
    uploadDate: item.takenAt,
    ...(item.durationSeconds ? { duration: `PT${Math.round(item.durationSeconds)}S` } : {}),
    embedUrl: absolute(site, localizePath(`/gallery/${item.id}`, site.locale)),
    contentLocation: cameraPlace(site),
  };
}
