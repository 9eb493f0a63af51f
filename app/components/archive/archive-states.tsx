// catalog: archive

import { useLingui } from "@lingui/react/macro";
import { LocalizedLink, useLocale } from "#app/components/ui/localized-link.tsx";
import { formatArchiveDay } from "./archive-format.ts";

const panel =
  "rounded-xl border border-dashed border-neutral-300 p-8 text-center dark:border-neutral-700";

export function ArchiveEmpty() {
  const { t } = useLingui();
  return (
    <div className={`mt-8 ${panel}`}>
      <h2 className="text-xl font-semibold">{t`No pictures in the archive yet`}</h2>
      <p className="mt-2 text-neutral-700 dark:text-neutral-300">
        {t`The camera adds a picture every ten minutes. Until the first one arrives, the live stream shows the harbour as it is right now.`}
      </p>
      <p className="mt-4">
        <LocalizedLink
          to="/"
          hash="live"
          className="inline-flex min-h-11 items-center rounded-full bg-primary-700 px-5 py-2.5 font-medium text-white hover:bg-primary-800"
        >
          {t`Watch live`}
        </LocalizedLink>
      </p>
    </div>
  );
}

export function DayEmpty({ day, missing }: { day: string; missing: boolean }) {
  const { t } = useLingui();
  const date = formatArchiveDay(useLocale(), day);
  return (
    <div className={panel}>
      <h2 className="text-xl font-semibold">
        {missing ? t`This picture is no longer in the archive` : t`No pictures on ${date}`}
      </h2>
      <p className="mt-2 text-neutral-700 dark:text-neutral-300">
        {missing
          ? t`It may have been removed. Pick another time or day in the calendar.`
          : t`The camera took no pictures that day, or they are no longer kept. Days with pictures are highlighted in the calendar.`}
      </p>
    </div>
  );
}
