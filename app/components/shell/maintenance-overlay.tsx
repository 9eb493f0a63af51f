import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import WrenchIcon from "~icons/mdi/wrench";

export function MaintenanceOverlay() {
  const { t } = useLingui();
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => dialog.current?.focus(), []);
  return (
    <div
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="maintenance-title"
      aria-describedby="maintenance-description"
      tabIndex={-1}
      className="fixed inset-0 z-[100] flex items-center justify-center bg-white p-6 text-center outline-none dark:bg-neutral-950"
    >
      <div className="max-w-md">
        <WrenchIcon className="mx-auto size-12 text-primary-700 dark:text-primary-400" />
        <h1 id="maintenance-title" className="mt-4 text-2xl font-bold">
          {t`Work in progress`}
        </h1>
        <p id="maintenance-description" className="mt-3 text-neutral-700 dark:text-neutral-300">
          {t`We are improving the site right now. Please come back a little later: the lake will still be here.`}
        </p>
        <p className="mt-4 font-medium text-primary-800 dark:text-primary-300">
          {t`Thank you for your patience!`}
        </p>
      </div>
    </div>
  );
}
