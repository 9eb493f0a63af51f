import { useLingui } from "@lingui/react";
import { Link, type LinkProps, NavLink, type NavLinkProps } from "react-router";
import { type Locale, localizePath } from "#app/i18n/locales.ts";

export function useLocale(): Locale {
  return useLingui().i18n.locale as Locale;
}

export function LocalizedLink({
  to,
  hash,
  ...props
}: Omit<LinkProps, "to"> & { to: string; hash?: string }) {
  return <Link to={{ pathname: localizePath(to, useLocale()), hash }} {...props} />;
}

export function LocalizedNavLink({ to, ...props }: Omit<NavLinkProps, "to"> & { to: string }) {
  const path = localizePath(to, useLocale());
  return <NavLink to={path} end={to === "/"} {...props} />;
}
