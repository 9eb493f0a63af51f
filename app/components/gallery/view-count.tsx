// catalog: gallery

import { useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { formatNumber } from "#app/lib/format.ts";
import EyeIcon from "~icons/mdi/eye-outline";

export function ViewCount({ views }: { views: number }) {
  const { t } = useLingui();
  return (
    <span className="inline-flex items-center gap-1 py-1 text-sm text-neutral-600 dark:text-neutral-400">
      <EyeIcon className="size-4" />
      <span className="sr-only">{t`Views:`}</span>
      {formatNumber(useLocale(), views)}
    </span>
  );
}
