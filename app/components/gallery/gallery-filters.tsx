// catalog: gallery

import { useLingui } from "@lingui/react/macro";
import { Form, Link, useSubmit } from "react-router";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import {
  type GalleryParams,
  type GalleryTab,
  galleryUrl,
  MAX_SEARCH_LENGTH,
} from "#app/features/gallery/media.ts";
import { localizePath } from "#app/i18n/locales.ts";
import SearchIcon from "~icons/heroicons/magnifying-glass";

export function GalleryFilters({ params }: { params: GalleryParams }) {
  const { t } = useLingui();
  const locale = useLocale();
  const submit = useSubmit();
  const galleryPath = localizePath("/gallery", locale);
  const tabs: { value: GalleryTab; label: string }[] = [
    { value: "all", label: t`All` },
    { value: "photos", label: t`Photos` },
    { value: "videos", label: t`Videos` },
  ];
  return (
    <div className="mt-6 flex flex-col gap-4 md:flex-row md:items-center">
      <nav aria-label={t`Media type`}>
        <ul className="flex gap-1 rounded-full bg-neutral-100 p-1 dark:bg-neutral-900">
          {tabs.map((tab) => (
            <li key={tab.value}>
              <Link
                to={galleryUrl(galleryPath, { ...params, type: tab.value })}
                preventScrollReset
                aria-current={tab.value === params.type ? "page" : undefined}
                className="flex items-center rounded-full px-4 py-1.5 text-sm max-sm:min-h-11 font-medium text-neutral-700 aria-[current=page]:bg-white aria-[current=page]:text-primary-800 aria-[current=page]:shadow dark:text-neutral-300 dark:aria-[current=page]:bg-neutral-800 dark:aria-[current=page]:text-primary-300"
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form
        method="get"
        action={galleryPath}
        role="search"
        preventScrollReset
        className="flex flex-1 flex-wrap gap-2 md:justify-end"
      >
        <input type="hidden" name="type" value={params.type} />
        <label className="relative min-w-0 basis-full sm:flex-1 sm:basis-auto md:max-w-xs">
          <span className="sr-only">{t`Search the gallery`}</span>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-500" />
          <input
            type="search"
            name="q"
            defaultValue={params.q}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder={t`Search…`}
            className="w-full rounded-full border border-neutral-300 bg-white py-2 pr-3 pl-9 text-sm max-sm:min-h-11 dark:border-neutral-700 dark:bg-neutral-900"
          />
        </label>
        <label>
          <span className="sr-only">{t`Sort by date`}</span>
          <select
            name="sort"
            defaultValue={params.sort}
            onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
            className="rounded-full border border-neutral-300 bg-white px-3 py-2 text-sm max-sm:min-h-11 dark:border-neutral-700 dark:bg-neutral-900"
          >
            <option value="newest">{t`Newest first`}</option>
            <option value="oldest">{t`Oldest first`}</option>
          </select>
        </label>
        <button
          type="submit"
          className="rounded-full bg-primary-700 px-4 py-2 text-sm font-medium text-white hover:bg-primary-800 max-sm:min-h-11"
        >
          {t`Search`}
        </button>
      </Form>
    </div>
  );
}
