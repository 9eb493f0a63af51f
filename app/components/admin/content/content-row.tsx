// catalog: admin

import { useLingui } from "@lingui/react/macro";
import type { MouseEvent } from "react";
import { secondaryButton } from "#app/components/admin/styles.ts";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import type { AdminMediaItem } from "#app/features/gallery/media-fields.ts";
import { formatNumber } from "#app/lib/format.ts";
import EyeIcon from "~icons/heroicons/eye";
import HeartIcon from "~icons/heroicons/heart";
import StarIcon from "~icons/heroicons/star-solid";
import { TypeSelect } from "./type-select.tsx";
import { useMediaWords } from "./words.ts";

const statusClass = {
  published: "bg-success-100 text-success-900",
  draft: "bg-neutral-200 text-neutral-800 dark:bg-neutral-700 dark:text-neutral-100",
  hidden: "bg-warning-100 text-warning-900",
} as const;

type Props = {
  item: AdminMediaItem;
  title: string;
  selected: boolean;
  busy: boolean;
  onSelect: (event: MouseEvent<HTMLInputElement>) => void;
  onEdit: () => void;
  onChange: (patch: Partial<Pick<AdminMediaItem, "status" | "featured" | "type">>) => void;
  onDelete: () => void;
};

export function ContentRow({
  item,
  title,
  selected,
  busy,
  onSelect,
  onEdit,
  onChange,
  onDelete,
}: Props) {
  const { t } = useLingui();
  const locale = useLocale();
  const words = useMediaWords();
  const shown = item.status === "published";
  return (
    <li data-item-id={item.id} className="flex flex-wrap items-start gap-3 py-4">
      <input
        type="checkbox"
        checked={selected}
        // onClick, not onChange: a range needs to know whether Shift was held.
        onClick={onSelect}
        onChange={() => undefined}
        aria-label={t`Select “${title}”`}
        className="mt-1 size-6 shrink-0"
      />
      <img
        src={item.thumbnailUrl}
        alt=""
        width={96}
        height={54}
        loading="lazy"
        className="aspect-video w-24 shrink-0 rounded object-cover"
      />
      <div className="min-w-0 flex-1 basis-40">
        <h3 className="font-medium break-words">{title}</h3>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-700 dark:text-neutral-300">
          <span>{words.type[item.type]}</span>
          <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${statusClass[item.status]}`}>
            {words.status[item.status]}
          </span>
          {item.featured ? (
            <span className="inline-flex items-center gap-1">
              <StarIcon className="size-4 text-warning-600" aria-hidden="true" />
              {t`Featured`}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1">
            <EyeIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">{t`Views`}</span>
            {formatNumber(locale, item.views)}
          </span>
          <span className="inline-flex items-center gap-1">
            <HeartIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">{t`Likes`}</span>
            {formatNumber(locale, item.likes)}
          </span>
        </p>
      </div>
      <div className="flex w-full flex-wrap gap-2 sm:w-auto">
        <button
          type="button"
          onClick={onEdit}
          className={secondaryButton}
          aria-label={t`Edit “${title}”`}
        >
          {t`Edit`}
        </button>
        <button
          type="button"
          aria-disabled={busy || undefined}
          onClick={() => busy || onChange({ status: shown ? "hidden" : "published" })}
          className={secondaryButton}
          aria-label={shown ? t`Hide “${title}”` : t`Show “${title}”`}
        >
          {shown ? t`Hide` : t`Show`}
        </button>
        <button
          type="button"
          aria-disabled={busy || undefined}
          onClick={() => busy || onChange({ featured: !item.featured })}
          className={secondaryButton}
          aria-label={item.featured ? t`Unfeature “${title}”` : t`Feature “${title}”`}
        >
          {item.featured ? t`Unfeature` : t`Feature`}
        </button>
        <TypeSelect
          value={item.type}
          busy={busy}
          saves
          onChange={(type) => onChange({ type })}
          label={t`Type of “${title}”`}
        />
        <button
          type="button"
          data-action="delete"
          aria-disabled={busy || undefined}
          onClick={() => busy || onDelete()}
          className={`${secondaryButton} text-error-800 dark:text-error-100`}
          aria-label={t`Delete “${title}”`}
        >
          {t`Delete`}
        </button>
      </div>
    </li>
  );
}
