// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import {
  type GalleryParams,
  type GalleryTab,
  MAX_SEARCH_LENGTH,
} from "#app/features/gallery/media.ts";

export function ContentFilters({
  params,
  onChange,
}: {
  params: GalleryParams;
  onChange: (change: (params: GalleryParams) => GalleryParams) => void;
}) {
  const { t } = useLingui();
  const ids = useId();
  const [search, setSearch] = useState(params.q);

  useEffect(() => {
    const q = search.trim();
    const timer = setTimeout(() => onChange((p) => (p.q === q ? p : { ...p, q })), 300);
    return () => clearTimeout(timer);
  }, [search, onChange]);

  const tabs: { value: GalleryTab; label: string }[] = [
    { value: "all", label: t`All` },
    { value: "photos", label: t`Images` },
    { value: "videos", label: t`Videos` },
  ];

  return (
    <div className="mt-4 flex flex-wrap items-end gap-3">
      <fieldset className="flex rounded-md border border-neutral-300 dark:border-neutral-700">
        <legend className="sr-only">{t`Filter by type`}</legend>
        {tabs.map((tab) => (
          <button
            key={tab.value}
            type="button"
            aria-pressed={params.type === tab.value}
            onClick={() => onChange((p) => ({ ...p, type: tab.value }))}
            className="min-h-11 px-4 text-sm font-medium aria-pressed:bg-primary-700 aria-pressed:text-white"
          >
            {tab.label}
          </button>
        ))}
      </fieldset>
      <div className="min-w-48 flex-1">
        <label htmlFor={`${ids}-search`} className="block text-sm font-medium">
          {t`Search content`}
        </label>
        <input
          id={`${ids}-search`}
          type="search"
          value={search}
          maxLength={MAX_SEARCH_LENGTH}
          onChange={(e) => setSearch(e.target.value)}
          className="mt-1 min-h-11 w-full rounded-md border border-neutral-300 bg-white px-3 dark:border-neutral-700 dark:bg-neutral-900"
        />
      </div>
      <div>
        <label htmlFor={`${ids}-sort`} className="block text-sm font-medium">
          {t`Sort by date`}
        </label>
        <select
          id={`${ids}-sort`}
          value={params.sort}
          onChange={(e) =>
            onChange((p) => ({ ...p, sort: e.target.value === "oldest" ? "oldest" : "newest" }))
          }
          className="mt-1 min-h-11 rounded-md border border-neutral-300 bg-white px-2 dark:border-neutral-700 dark:bg-neutral-900"
        >
          <option value="newest">{t`Newest first`}</option>
          <option value="oldest">{t`Oldest first`}</option>
        </select>
      </div>
    </div>
  );
}
