// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { localizePath, stripLocale } from "#app/i18n/locales.ts";
import { isAdminPath } from "#app/shell/pages.ts";

// On an admin page, reloading its data meets the guard, which leads to the login and back.
export function useSessionEnded() {
  const { t } = useLingui();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const locale = useLocale();
  const { pathname } = useLocation();
  const message = t`Your session has expired. Please log in again.`;
  const onSelect = isAdminPath(stripLocale(pathname))
    ? () => void revalidator.revalidate()
    : () => void navigate(`${localizePath("/admin/login", locale)}?expired=1`);
  const logIn = { label: t`Log in again`, onSelect };
  return { message, logIn, toast: { description: message, action: logIn } };
}
