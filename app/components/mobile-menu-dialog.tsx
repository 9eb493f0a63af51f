import { useLingui } from "@lingui/react/macro";
import { Dialog } from "radix-ui";
import CloseIcon from "~icons/heroicons/x-mark";
import { LanguageSwitcher } from "./language-switcher";
import { LocalizedNavLink } from "./localized-link";
import { mainNav, navLinkClass } from "./site-nav";

export default function MobileMenuDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { i18n, t } = useLingui();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
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
  );
}
