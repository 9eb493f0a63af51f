import { useLingui } from "@lingui/react/macro";
import type { PublicMediaItem } from "~/lib/media";
import { LocalizedLink } from "../localized-link";
import { MediaCard } from "./media-card";

/** The home page's glimpse of the gallery: featured items first, then the newest. */
export function GalleryTeaser({ items }: { items: PublicMediaItem[] }) {
  const { t } = useLingui();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="teaser-title" className="mx-auto max-w-6xl px-4 py-12">
      <div className="flex items-end justify-between gap-4">
        <h2 id="teaser-title" className="text-2xl font-semibold">
          {t`From the gallery`}
        </h2>
        <LocalizedLink
          to="/gallery"
          className="text-sm font-medium text-primary-700 hover:underline dark:text-primary-400"
        >
          {t`View gallery`}
        </LocalizedLink>
      </div>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <MediaCard key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
