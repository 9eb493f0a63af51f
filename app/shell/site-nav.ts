import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { PagePath } from "./pages.ts";

export type NavItem = { to: PagePath; label: MessageDescriptor };

export const mainNav: NavItem[] = [
  { to: "/", label: msg`Home` },
  { to: "/about", label: msg`About Us` },
  { to: "/gallery", label: msg`Gallery` },
  { to: "/admin", label: msg`Admin` },
  { to: "/contact", label: msg`Contact` },
];

const archive: NavItem = { to: "/archive", label: msg`Archive` };

export const quickLinks: NavItem[] = mainNav
  .filter((item) => item.to !== "/admin")
  .flatMap((item) => (item.to === "/gallery" ? [item, archive] : [item]));

export const legalNav: NavItem[] = [
  { to: "/imprint", label: msg`Imprint` },
  { to: "/privacy", label: msg`Privacy Policy` },
  { to: "/terms", label: msg`Terms & Conditions` },
];

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded px-3 text-sm font-medium whitespace-nowrap lg:min-h-0 lg:py-2 ${
    isActive
      ? "text-primary-700 dark:text-primary-400"
      : "text-neutral-700 hover:text-primary-700 dark:text-neutral-200 dark:hover:text-primary-400"
  }`;
