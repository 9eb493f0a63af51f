import { useLingui } from "@lingui/react/macro";
import { LocalizedLink, LocalizedNavLink } from "#app/components/ui/localized-link.tsx";
import { mainNav, navLinkClass } from "#app/shell/site-nav.ts";
import CameraIcon from "~icons/mdi/video-wireless-outline";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

export function SiteHeader() {
  const { i18n, t } = useLingui();
  return (
    <header className="sticky top-0 z-30 border-b border-neutral-200 bg-white/90 backdrop-blur dark:border-neutral-800 dark:bg-neutral-950/90">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2"
      >
        {t`Skip to content`}
      </a>
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2">
        <LocalizedLink to="/" className="flex min-h-11 min-w-0 items-center gap-2 font-semibold">
          <CameraIcon className="size-6 shrink-0 text-primary-700 dark:text-primary-400" />
          <span className="truncate">{t`Lake Garda Live Camera`}</span>
        </LocalizedLink>
        <nav aria-label={t`Main`} className="ml-auto hidden lg:block">
          <ul className="flex items-center">
            {mainNav.map((item) => (
              <li key={item.to}>
                <LocalizedNavLink to={item.to} className={navLinkClass}>
                  {i18n._(item.label)}
                </LocalizedNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher className="ml-auto hidden sm:block lg:ml-2" />
        <ThemeToggle />
        <MobileMenu />
      </div>
    </header>
  );
}
