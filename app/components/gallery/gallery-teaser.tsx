import { useLingui } from "@lingui/react/macro";
import { LocalizedLink } from "#app/components/ui/localized-link.tsx";
import type { PublicMediaItem } from "#app/features/gallery/gallery-api.ts";
import PlayIcon from "~icons/mdi/play-circle";

// Plain links: the home page does not download the gallery's code.
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
          <li key={item.id}>
            <LocalizedLink
              to={`/gallery/${item.id}`}
              className="group block overflow-hidden rounded-xl border border-neutral-200 dark:border-neutral-800"
            >
              <span className="relative block aspect-video bg-neutral-200 dark:bg-neutral-800">
                <img
                  src={item.thumbnailUrl}
                  width={480}
                  height={270}
                  loading="lazy"
                  decoding="async"
                  alt=""
                  className="size-full object-cover"
                />
                {item.type === "image" ? null : (
                  <PlayIcon className="absolute inset-0 m-auto size-12 text-white/90 drop-shadow" />
                )}
              </span>
              <span className="line-clamp-2 p-3 text-sm font-medium break-words group-hover:underline">
                {item.title}
              </span>
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
