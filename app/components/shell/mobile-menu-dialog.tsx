import { useLingui } from "@lingui/react/macro";
import { Dialog } from "radix-ui";
import { useRef } from "react";
import { LocalizedNavLink } from "#app/components/ui/localized-link.tsx";
import { useReturnFocus } from "#app/components/ui/return-focus.ts";
import { legalNav, mainNav, navLinkClass } from "#app/shell/site-nav.ts";
import CloseIcon from "~icons/heroicons/x-mark";
import { LanguageSwitcher } from "./language-switcher.tsx";

export default function MobileMenuDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { i18n, t } = useLingui();
  const returnFocus = useReturnFocus();
  // A followed link's page starts afresh: the menu button takes the focus only on a plain close.
  const followedLink = useRef(false);
  const groups = [
    { label: t`Main`, items: mainNav },
    { label: t`Legal`, items: legalNav },
  ];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/50" />
        <Dialog.Content
          {...returnFocus}
          onCloseAutoFocus={(event) => {
            if (followedLink.current) event.preventDefault();
            else returnFocus.onCloseAutoFocus(event);
            followedLink.current = false;
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-full flex-col gap-4 overflow-y-auto bg-white p-4 shadow-xl dark:bg-neutral-900"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-semibold">{t`Menu`}</Dialog.Title>
            <Dialog.Close
              className="flex size-11 items-center justify-center rounded"
              aria-label={t`Close menu`}
            >
              <CloseIcon className="size-6" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t`Site navigation`}</Dialog.Description>
          {groups.map(({ label, items }) => (
            <nav key={label} aria-label={label}>
              <ul className="flex flex-col">
                {items.map((item) => (
                  <li key={item.to}>
                    {/* Not Dialog.Close asChild: its Slot would drop NavLink's class function. */}
                    <LocalizedNavLink
                      to={item.to}
                      className={navLinkClass}
                      onClick={() => {
                        followedLink.current = true;
                        onOpenChange(false);
                      }}
                    >
                      {i18n._(item.label)}
                    </LocalizedNavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <LanguageSwitcher />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
