import { useLingui } from "@lingui/react/macro";
import { LocalizedLink } from "#app/components/ui/localized-link.tsx";
import { useOptionalRootData } from "#app/shell/root-data.ts";
import { legalNav, type NavItem, quickLinks } from "#app/shell/site-nav.ts";
import HeartIcon from "~icons/mdi/heart";

const footerLinkClass = "flex min-h-11 items-center hover:underline sm:inline sm:min-h-0";

function FooterLinks({ id, title, items }: { id: string; title: string; items: NavItem[] }) {
  const { i18n } = useLingui();
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold">
        {title}
      </h2>
      <ul className="mt-3 text-sm sm:space-y-2">
        {items.map((item) => (
          <li key={item.to}>
            <LocalizedLink to={item.to} className={footerLinkClass}>
              {i18n._(item.label)}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const { t } = useLingui();
  // Error pages may have no root data.
  const supportUrl = useOptionalRootData()?.site.supportUrl;
  return (
    <footer className="mt-16 border-t border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <FooterLinks id="footer-quick-links" title={t`Quick links`} items={quickLinks} />
        <FooterLinks id="footer-legal" title={t`Legal`} items={legalNav} />
        {supportUrl ? (
          <div>
            <h2 className="text-sm font-semibold">{t`Support the site`}</h2>
            <p className="mt-3 text-sm text-neutral-600 dark:text-neutral-300">
              {t`This camera is a free, ad-free hobby project. A small contribution helps pay for hosting and equipment.`}
            </p>
            <a
              href={supportUrl}
              rel="noopener noreferrer external"
              target="_blank"
              className="mt-3 inline-flex min-h-11 items-center gap-1.5 rounded-full bg-primary-700 px-4 py-2 text-sm sm:min-h-0 font-medium text-white hover:bg-primary-800"
            >
              <HeartIcon className="size-4" />
              {t`Support the site`}
            </a>
          </div>
        ) : null}
      </div>
      <p className="border-t border-neutral-200 py-4 text-center text-xs text-neutral-600 dark:border-neutral-800 dark:text-neutral-400">
        {t`© 2025 Lake Garda Live Camera. All rights reserved.`}
      </p>
    </footer>
  );
}
