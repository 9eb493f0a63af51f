import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { type ArchivePage, archiveHref } from "#app/features/archive/stills.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { arrowStep } from "#app/lib/arrow-keys.ts";
import { formatHour } from "./archive-format.ts";

export function useStillNavigation(page: ArchivePage) {
  const locale = useLocale();
  const navigate = useNavigate();
  const path = localizePath("/archive", locale);
  const href = (at: string) => archiveHref(path, { at });
  const { still, dayStills } = page;

  useEffect(() => {
    // The rendered links: a key pressed while new data commits never steps from the old still.
    const step = (event: KeyboardEvent) => {
      const rel = arrowStep(event);
      const link = rel && document.querySelector<HTMLAnchorElement>(`main a[rel="${rel}"]`);
      if (!link) return;
      event.preventDefault();
      link.click();
    };
    document.addEventListener("keydown", step);
    return () => document.removeEventListener("keydown", step);
  }, []);

  const index = dayStills.findIndex((s) => s.id === still?.id);
  // Set while rendering, not in an effect: a mount effect could undo a scrub made before it ran.
  const [scrubbed, setScrubbed] = useState(index);
  const [followed, setFollowed] = useState(index);
  if (followed !== index) {
    setFollowed(index);
    setScrubbed(index);
  }

  const currentHour = still?.at.slice(11, 13);
  const hours = Array.from({ length: 24 }, (_, hour) => {
    const twoDigits = String(hour).padStart(2, "0");
    const first = dayStills.find((s) => s.at.slice(11, 13) === twoDigits);
    return { hour, label: formatHour(locale, hour), first, current: twoDigits === currentHour };
  });

  return {
    href,
    hours,
    scrubbed,
    scrubbedStill: dayStills[scrubbed],
    scrub(chosen: number) {
      setScrubbed(chosen);
      const target = dayStills[chosen];
      if (target) navigate(href(target.at), { replace: true, preventScrollReset: true });
    },
    missingJumps: Object.values(page.jumps).some((at) => !at),
  };
}
