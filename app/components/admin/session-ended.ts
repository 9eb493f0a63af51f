// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { localizePath, stripLocale } from "#app/i18n/locales.ts";
import { isAdminPath } from "#app/shell/pages.ts";

/**
 * What the owner is told when a request finds the session ended (logged out everywhere, or
 * after 8 hours), and the way out. On an admin page, reloading its data meets the guard, which
 * leads to the login page and back; elsewhere (the archive's owner controls) it goes there
 * directly. `toast` goes into an error toast as it is.
 */
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
