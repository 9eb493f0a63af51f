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
