import { useLingui } from "@lingui/react/macro";
import { useLocation } from "react-router";
import { defaultLocale, localeInfo, locales, localizePath, stripLocale } from "~/i18n/locales";
import { useRootData } from "~/lib/root-data";

/**
 * Title, description, social-share tags, canonical link and hreflang alternates for a page.
 * React 19 hoists these into <head>, also during streaming SSR.
 */
export function PageMeta({
  title,
  description,
  image,
}: {
  title?: string;
  description?: string;
  /** Absolute URL of the social-share picture. */
  image?: string;
}) {
  const { t, i18n } = useLingui();
  const { site } = useRootData();
  const { pathname } = useLocation();
  const siteName = t`Lake Garda Live Camera`;
  const fullTitle = title ? `${title} · ${siteName}` : siteName;
  const text = description ?? t`Experience Lake Garda in real-time with our live camera`;
  const bare = stripLocale(pathname);
  const absolute = (path: string) => new URL(path, site.siteUrl).href;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      <meta property="og:title" content={title ?? siteName} />
      <meta property="og:description" content={text} />
      <meta property="og:type" content="website" />
      <meta property="og:url" content={absolute(pathname)} />
      <meta
        property="og:locale"
        content={localeInfo[i18n.locale as keyof typeof localeInfo].tag.replace("-", "_")}
      />
      {image ? <meta property="og:image" content={image} /> : null}
      <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
      <link rel="canonical" href={absolute(pathname)} />
      {locales.map((locale) => (
        <link
          key={locale}
          rel="alternate"
          hrefLang={locale}
          href={absolute(localizePath(bare, locale))}
        />
      ))}
      <link
        rel="alternate"
        hrefLang="x-default"
        href={absolute(localizePath(bare, defaultLocale))}
      />
    </>
  );
}
