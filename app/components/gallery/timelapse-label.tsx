import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { formatDate } from "~/lib/format";
import { pageHydrated } from "~/lib/hydration";
import { isYesterday, timelapseLength } from "~/lib/media-labels";
import { useLocale } from "../localized-link";

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
  // While the server's page hydrates, "yesterday" is the server's: a page rendered just before
  // the lake's midnight and hydrated after it must still match what it shows.
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
