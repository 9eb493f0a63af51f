// catalog: gallery

import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { isYesterday, timelapseLength } from "#app/features/timelapse/timelapse-labels.ts";
import { formatDate } from "#app/lib/format.ts";
import { pageHydrated } from "#app/shell/page-hydrated.ts";

export function TimelapseLabel({
  takenAt,
  durationSeconds,
  renderedAt,
}: {
  takenAt: string;
  durationSeconds: number;
  renderedAt: number;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { unit, value } = timelapseLength(durationSeconds);
  // The server's "yesterday" while hydrating: its page may straddle the lake's midnight.
  const now = pageHydrated() ? Date.now() : renderedAt;
  const day = isYesterday(new Date(takenAt), new Date(now))
    ? t`Yesterday`
    : formatDate(locale, takenAt);
  return unit === "minutes" ? (
    <Trans>
      {day} in <Plural value={value} one="# minute" other="# minutes" />
    </Trans>
  ) : (
    <Trans>
      {day} in <Plural value={value} one="# second" other="# seconds" />
    </Trans>
  );
}
