import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { formatDate } from "~/lib/format";
import { isYesterday, timelapseLength } from "~/lib/media-labels";
import { useLocale } from "../localized-link";

export function TimelapseLabel({
  takenAt,
  durationSeconds,
}: {
  takenAt: string;
  durationSeconds: number;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { unit, value } = timelapseLength(durationSeconds);
  const day = isYesterday(new Date(takenAt), new Date())
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
