import { msg } from "@lingui/core/macro";

export const mainNav = [
  { to: "/", label: msg`Home` },
  { to: "/about", label: msg`About Us` },
  { to: "/gallery", label: msg`Gallery` },
  { to: "/admin", label: msg`Admin` },
  { to: "/contact", label: msg`Contact` },
] as const;

export const legalNav = [
  { to: "/imprint", label: msg`Imprint` },
  { to: "/privacy", label: msg`Privacy Policy` },
  { to: "/terms", label: msg`Terms & Conditions` },
] as const;

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-3 py-2 text-sm font-medium ${
    isActive
      ? "text-primary-700 dark:text-primary-400"
      : "text-neutral-700 hover:text-primary-700 dark:text-neutral-200 dark:hover:text-primary-400"
  }`;
