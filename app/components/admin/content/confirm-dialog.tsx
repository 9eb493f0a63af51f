// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { dangerButton, primaryButton, secondaryButton } from "#app/components/admin/styles.ts";
import { useReturnFocus } from "#app/components/ui/return-focus.ts";

export type Confirmation = {
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
};

export function ConfirmDialog({
  confirmation,
  onClose,
}: {
  confirmation: Confirmation | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={confirmation !== null} onOpenChange={(open) => open || onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/60" />
        <AlertDialog.Content
          {...returnFocus}
          // Centred above the toasts (ADR 015).
          className="fixed top-[calc((100%-var(--toasts-inset,0px))/2)] left-1/2 z-50 max-h-[calc(100%-2rem-var(--toasts-inset,0px))] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl dark:bg-neutral-900"
        >
          <AlertDialog.Title className="text-lg font-semibold">
            {confirmation?.title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
            {confirmation?.description ?? confirmation?.title}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={secondaryButton}>{t`Cancel`}</AlertDialog.Cancel>
            <AlertDialog.Action
              className={confirmation?.destructive ? dangerButton : primaryButton}
              onClick={() => confirmation?.onConfirm()}
            >
              {confirmation?.confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
