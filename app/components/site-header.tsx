import { useLingui } from "@lingui/react/macro";
import { Dialog } from "radix-ui";
import MenuIcon from "~icons/heroicons/bars-3";
import CloseIcon from "~icons/heroicons/x-mark";
import CameraIcon from "~icons/mdi/video-wireless-outline";
import { LanguageSwitcher } from "./language-switcher";
import { LocalizedLink, LocalizedNavLink } from "./localized-link";
import { mainNav } from "./site-nav";
import { ThemeToggle } from "./theme-toggle";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-3 py-2 text-sm font-medium ${
    isActive
      ? "text-primary-700 dark:text-primary-400"
      : "text-neutral-700 hover:text-primary-700 dark:text-neutral-200 dark:hover:text-primary-400"
  }`;

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
        <LocalizedLink to="/" className="flex min-w-0 items-center gap-2 font-semibold">
          <CameraIcon className="size-6 shrink-0 text-primary-700 dark:text-primary-400" />
          <span className="truncate">{t`Lake Garda Live Camera`}</span>
        </LocalizedLink>
        <nav aria-label={t`Main`} className="ml-auto hidden md:block">
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
        <LanguageSwitcher className="ml-auto hidden md:ml-2 sm:block" />
        <ThemeToggle />
        <Dialog.Root>
          <Dialog.Trigger
            className="rounded p-2 text-neutral-700 hover:bg-neutral-100 md:hidden dark:text-neutral-200 dark:hover:bg-neutral-800"
            aria-label={t`Open menu`}
          >
            <MenuIcon className="size-6" />
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/50" />
            <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-full flex-col gap-4 bg-white p-4 shadow-xl dark:bg-neutral-900">
              <div className="flex items-center justify-between">
                <Dialog.Title className="font-semibold">{t`Menu`}</Dialog.Title>
                <Dialog.Close className="rounded p-2" aria-label={t`Close menu`}>
                  <CloseIcon className="size-6" />
                </Dialog.Close>
              </div>
              <Dialog.Description className="sr-only">{t`Site navigation`}</Dialog.Description>
              <nav aria-label={t`Main`}>
                <ul className="flex flex-col">
                  {mainNav.map((item) => (
                    <li key={item.to}>
                      <Dialog.Close asChild>
                        <LocalizedNavLink to={item.to} className={navLinkClass}>
                          {i18n._(item.label)}
                        </LocalizedNavLink>
                      </Dialog.Close>
                    </li>
                  ))}
                </ul>
              </nav>
              <LanguageSwitcher />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
    </header>
  );
}
