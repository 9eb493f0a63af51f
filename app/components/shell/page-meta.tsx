import { useLingui } from "@lingui/react/macro";
import { useLocation } from "react-router";
import {
  defaultLocale,
  localeInfo,
  locales,
  localizePath,
  stripLocale,
} from "#app/i18n/locales.ts";
import { useOptionalRootData } from "#app/shell/root-data.ts";

/** A link preview's picture (`og:image`): about 1200 px wide, named for those who cannot see it. */
export type ShareImage = { url: string; width: number; height: number; alt: string };

export function PageMeta({
  title,
  description,
  image,
  noindex = false,
  oembed = false,
  firstPaintAfter,
}: {
  title?: string;
  description?: string;
  image?: ShareImage;
  noindex?: boolean;
  /** A page a pasted link can embed: its oEmbed discovery link (ADR 023). */
  oembed?: boolean;
  /** Nothing paints before this block is parsed whole: a streamed paint would draw the title half-written, then move it. */
  firstPaintAfter?: string;
}) {
  const { t, i18n } = useLingui();
  const root = useOptionalRootData();
  const siteUrl = root?.site.siteUrl;
  const { pathname } = useLocation();
  const siteName = t`Lake Garda Live Camera`;
  // Under the maintenance overlay, the page's own title would name what nobody sees.
  const shownTitle = root?.maintenance ? t`Work in progress` : title;
  const fullTitle = shownTitle ? `${shownTitle} · ${siteName}` : siteName;
  const text = description ?? t`Experience Lake Garda in real-time with our live camera`;
  const bare = stripLocale(pathname);
  const absolute = (path: string) => (siteUrl ? new URL(path, siteUrl).href : undefined);
  const locale = i18n.locale as keyof typeof localeInfo;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={title ?? siteName} />
      <meta property="og:description" content={text} />
      <meta property="og:type" content="website" />
      <meta property="og:locale" content={localeInfo[locale].tag.replace("-", "_")} />
      {image ? (
        <>
          <meta property="og:image" content={absolute(image.url) ?? image.url} />
          <meta property="og:image:width" content={String(image.width)} />
          <meta property="og:image:height" content={String(image.height)} />
          <meta property="og:image:alt" content={image.alt} />
          <meta name="twitter:image:alt" content={image.alt} />
        </>
      ) : null}
      <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {firstPaintAfter ? (
        <link rel="expect" href={`#${firstPaintAfter}`} blocking="render" />
      ) : null}
      <link
        rel="alternate"
        type="application/atom+xml"
        href={localizePath("/feed.xml", locale)}
        title={siteName}
      />
      {oembed && siteUrl ? (
        <link
          rel="alternate"
          type="application/json+oembed"
          href={`${absolute("/api/oembed")}?${new URLSearchParams({ url: absolute(pathname) ?? "", format: "json" })}`}
          title={fullTitle}
        />
      ) : null}
      {siteUrl && !noindex ? (
        <>
          <meta property="og:url" content={absolute(pathname)} />
          <link rel="canonical" href={absolute(pathname)} />
          {locales.map((alternate) => (
            <link
              key={alternate}
              rel="alternate"
              hrefLang={alternate}
              href={absolute(localizePath(bare, alternate))}
            />
          ))}
          <link
            rel="alternate"
            hrefLang="x-default"
            href={absolute(localizePath(bare, defaultLocale))}
          />
        </>
      ) : null}
    </>
  );
}
