// catalog: archive

import { useLingui } from "@lingui/react/macro";
import { type CSSProperties, useState } from "react";
import { Link } from "react-router";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import {
  type ArchiveStill,
  archiveHref,
  type Comparison,
  stillImage,
} from "#app/features/archive/stills.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { formatNumber, formatTime } from "#app/lib/format.ts";
import { formatArchiveDay } from "./archive-format.ts";

const viewSizes = "(min-width: 84rem) 82rem, calc(100vw - 2rem)";
const button =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-neutral-300 px-3 py-2 text-sm font-medium hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 dark:border-neutral-700 dark:hover:bg-neutral-800";

function useMoment() {
  const locale = useLocale();
  return (still: { at: string; takenAt: string }) =>
    `${formatArchiveDay(locale, still.at.slice(0, 10))}, ${formatTime(locale, still.takenAt)}`;
}

function useArchiveHref() {
  const path = localizePath("/archive", useLocale());
  return (params: Record<string, string>) => archiveHref(path, params);
}

export function CompareLinks({
  still,
  compareWith,
}: {
  still: ArchiveStill;
  compareWith: { yesterday: string | null; weekAgo: string | null; yearAgo: string | null };
}) {
  const { t } = useLingui();
  const href = useArchiveHref();
  const links = [
    { label: t`The day before`, vs: compareWith.yesterday },
    { label: t`A week before`, vs: compareWith.weekAgo },
    { label: t`A year before`, vs: compareWith.yearAgo },
  ];
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <h2 id="compare-with" className="text-base font-semibold">{t`Compare with`}</h2>
      <ul aria-labelledby="compare-with" className="flex flex-wrap gap-3">
        {links.map(({ label, vs }) =>
          vs ? (
            <li key={label}>
              <Link to={href({ at: still.at, vs })} preventScrollReset className={button}>
                {label}
              </Link>
            </li>
          ) : null,
        )}
      </ul>
    </div>
  );
}

/** A native range input moves the split: keys and screen readers come with it; 50/50 without JavaScript. */
export function StillCompare({ still, other }: { still: ArchiveStill; other: ArchiveStill }) {
  const { t } = useLingui();
  const locale = useLocale();
  const moment = useMoment();
  const href = useArchiveHref();
  const [split, setSplit] = useState(50);
  const [then, now] = still.takenAt < other.takenAt ? [still, other] : [other, still];
  const alt = (picture: ArchiveStill) => {
    const date = formatArchiveDay(locale, picture.at.slice(0, 10));
    const time = formatTime(locale, picture.takenAt);
    return t`Lake Garda on ${date} at ${time}`;
  };
  const share = (value: number) => formatNumber(locale, value / 100, { style: "percent" });
  const thenWhen = moment(then);
  const nowWhen = moment(now);
  return (
    <figure>
      <div
        className="relative aspect-video overflow-hidden rounded-xl bg-neutral-200 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-700 dark:bg-neutral-800"
        style={{ "--split": `${split}%` } as CSSProperties}
      >
        <img
          key={now.id}
          {...stillImage(now)}
          sizes={viewSizes}
          alt={alt(now)}
          fetchPriority="high"
          className="absolute inset-0 size-full object-cover"
        />
        <img
          key={then.id}
          {...stillImage(then)}
          sizes={viewSizes}
          alt={alt(then)}
          className="absolute inset-0 size-full object-cover [clip-path:inset(0_calc(100%-var(--split))_0_0)]"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-(--split) w-0.5 -translate-x-1/2 bg-white shadow"
        >
          <span className="absolute top-1/2 left-1/2 size-10 -translate-1/2 rounded-full border-2 border-white bg-black/50" />
        </div>
        <input
          type="range"
          min={0}
          max={100}
          value={split}
          onChange={(event) => setSplit(Number(event.currentTarget.value))}
          aria-label={t`Compare the pictures`}
          aria-valuetext={`${share(split)} ${thenWhen} · ${share(100 - split)} ${nowWhen}`}
          className="absolute inset-0 size-full cursor-ew-resize opacity-0"
        />
      </div>
      <figcaption className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="text-lg font-semibold">
          {t`Then:`}{" "}
          <Link to={href({ at: then.at })} className="underline">
            {thenWhen}
          </Link>{" "}
          · {t`Now:`}{" "}
          <Link to={href({ at: now.at })} className="underline">
            {nowWhen}
          </Link>
        </span>
      </figcaption>
    </figure>
  );
}

export function CompareActions({ still }: { still: ArchiveStill }) {
  const { t } = useLingui();
  const href = useArchiveHref();
  const [said, setSaid] = useState("");
  const shareLink = async () => {
    const url = location.href;
    if (navigator.share) {
      await navigator.share({ url }).catch(() => undefined);
      return;
    }
    await navigator.clipboard.writeText(url);
    setSaid(t`Link copied`);
  };
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <Link to={href({ at: still.at })} preventScrollReset className={button}>
        {t`Show only this picture`}
      </Link>
      <button type="button" className={button} onClick={() => void shareLink()}>
        {t`Share this comparison`}
      </button>
      <p aria-live="polite" className="text-sm">
        {said}
      </p>
    </div>
  );
}

export function CompareMissing({
  still,
  comparison,
}: {
  still: ArchiveStill;
  comparison: Comparison;
}) {
  const { t } = useLingui();
  const moment = useMoment();
  const href = useArchiveHref();
  const asked = moment({ at: comparison.vs, takenAt: comparison.vsAt });
  const { nearest } = comparison;
  const near = nearest ? moment(nearest) : "";
  return (
    <div
      role="status"
      className="mt-3 rounded-xl border border-dashed border-neutral-300 p-4 dark:border-neutral-700"
    >
      <p>
        {nearest
          ? t`There is no picture from ${asked}. The nearest is from ${near}.`
          : t`No picture from that time.`}
      </p>
      {nearest ? (
        <p className="mt-2">
          <Link to={href({ at: still.at, vs: nearest.at })} preventScrollReset className={button}>
            {t`Compare with ${near}`}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
