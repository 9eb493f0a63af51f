import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useState } from "react";
import MenuIcon from "~icons/heroicons/bars-3";

// The dialog loads when a phone visitor reaches for the menu, not with the page.
const loadDialog = () => import("./mobile-menu-dialog.tsx");
const MobileMenuDialog = lazy(loadDialog);
// An early fetch that fails (offline) is left to the press, which asks again.
const preloadDialog = () => void loadDialog().catch(() => undefined);

export function MobileMenu() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  return (
    <>
      <button
        type="button"
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t`Open menu`}
        className="flex size-11 shrink-0 items-center justify-center rounded text-neutral-700 hover:bg-neutral-100 lg:hidden dark:text-neutral-200 dark:hover:bg-neutral-800"
      >
        <MenuIcon className="size-6" />
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <MobileMenuDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
