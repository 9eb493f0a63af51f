import { useLingui } from "@lingui/react/macro";
import { LocalizedLink } from "#app/components/ui/localized-link.tsx";

// Not in the header or phone menu (spec §2): home and gallery show the way in.
export function ArchiveLink() {
  const { t } = useLingui();
  return (
    <LocalizedLink
      to="/archive"
      className="inline-flex min-h-11 items-center rounded-full border border-primary-700 px-4 py-1.5 font-medium text-primary-700 hover:bg-primary-50 dark:border-primary-400 dark:text-primary-400 dark:hover:bg-neutral-900"
    >
      {t`Browse the archive: a picture every ten minutes`}
    </LocalizedLink>
  );
}
