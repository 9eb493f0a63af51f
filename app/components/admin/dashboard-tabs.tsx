// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { LocalizedNavLink } from "#app/components/ui/localized-link.tsx";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center border-b-2 px-4 font-medium ${
    isActive
      ? "border-primary-700 text-primary-800 dark:text-primary-300"
      : "border-transparent text-neutral-700 hover:text-primary-700 dark:text-neutral-300"
  }`;

export function DashboardTabs() {
  const { t } = useLingui();
  return (
    <nav
      aria-label={t`Dashboard sections`}
      className="mt-8 flex border-b border-neutral-200 dark:border-neutral-800"
    >
      <LocalizedNavLink to="/admin" end className={tabClass}>
        {t`Upload`}
      </LocalizedNavLink>
      <LocalizedNavLink to="/admin/maintenance" className={tabClass}>
        {t`Maintenance`}
      </LocalizedNavLink>
    </nav>
  );
}
