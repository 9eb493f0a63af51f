// catalog: archive

import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { type ArchivePage, type ArchiveStill, archiveHref } from "#app/features/archive/stills.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { formatTime } from "#app/lib/format.ts";
import { PICK_KINDS, type SunsetQuality } from "#protocol/day-picks.ts";
import StarIcon from "~icons/mdi/star";
import SunsetIcon from "~icons/mdi/weather-sunset";

const pickLabels = {
  sunset: msg`Sunset of the day`,
  best: msg`Best of the day`,
};

export const sunsetLabels: Record<SunsetQuality, ReturnType<typeof msg>> = {
  glowing: msg`Glowing sunset`,
  fine: msg`Fine sunset`,
  faint: msg`Faint sunset`,
};

export const sunsetDot: Record<SunsetQuality, string> = {
  glowing: "bg-sunset-700",
  fine: "bg-sunset-500",
  faint: "bg-sunset-300",
};

const icons = { sunset: SunsetIcon, best: StarIcon };
const badge =
  "inline-flex items-center gap-1 rounded-full bg-warning-100 px-2.5 py-0.5 text-sm font-medium text-warning-900 dark:bg-warning-900 dark:text-warning-100";

export function PickBadges({ still, picks }: { still: ArchiveStill; picks: ArchivePage["picks"] }) {
  const { i18n } = useLingui();
  return PICK_KINDS.filter((kind) => picks[kind]?.id === still.id).map((kind) => {
    const Icon = icons[kind];
    return (
      <span key={kind} className={badge}>
        <Icon aria-hidden="true" className="size-4" />
        {i18n._(pickLabels[kind])}
      </span>
    );
  });
}

export function DayPickLinks({ page }: { page: ArchivePage }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const path = localizePath("/archive", locale);
  const shown = PICK_KINDS.flatMap((kind) => {
    const pick = page.picks[kind];
    return pick ? [{ kind, pick }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <nav aria-label={t`Picks of the day`} className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
      {shown.map(({ kind, pick }) => {
        const Icon = icons[kind];
        const label = i18n._(pickLabels[kind]);
        const time = formatTime(locale, pick.takenAt);
        return (
          <Link
            key={kind}
            to={archiveHref(path, { at: pick.at })}
            preventScrollReset
            aria-current={page.still?.id === pick.id ? "page" : undefined}
            className="inline-flex min-h-11 items-center gap-1 font-medium text-primary-800 underline-offset-4 hover:underline aria-[current]:no-underline dark:text-primary-200"
          >
            <Icon aria-hidden="true" className="size-5" />
            {t`${label}: ${time}`}
          </Link>
        );
      })}
    </nav>
  );
}
