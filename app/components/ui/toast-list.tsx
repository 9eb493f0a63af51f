import { useLingui } from "@lingui/react/macro";
import { Toast } from "radix-ui";
import { useEffect, useRef } from "react";
import CloseIcon from "~icons/heroicons/x-mark";
import {
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastItem,
  type ToastVariant,
} from "./toaster.tsx";

const variantClass: Record<ToastVariant, string> = {
  success: "border-success-600 bg-success-100 text-success-900",
  info: "border-info-600 bg-info-100 text-info-900",
  warning: "border-warning-600 bg-warning-100 text-warning-900",
  error: "border-error-600 bg-error-100 text-error-900",
};

// The stack's height as `--toasts-inset`: the owner's dialogs end above it (ADR 015).
function useToastsInset() {
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const stack = viewport.current;
    if (!stack) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => {
      const height = stack.getBoundingClientRect().height;
      if (height > 0) root.setProperty("--toasts-inset", `calc(${height}px + 2rem)`);
      else root.removeProperty("--toasts-inset");
    });
    observer.observe(stack);
    return () => {
      observer.disconnect();
      root.removeProperty("--toasts-inset");
    };
  }, []);
  return viewport;
}

export default function ToastList({
  toasts,
  onClose,
}: {
  toasts: ToastItem[];
  onClose: (id: number) => void;
}) {
  const { t } = useLingui();
  const viewport = useToastsInset();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t`Notification`}
    >
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          open={toast.open}
          onOpenChange={(open) => (open ? undefined : onClose(toast.id))}
          type={toast.variant === "error" ? "foreground" : "background"}
          className={`toast flex items-start gap-3 rounded-lg border-l-4 p-4 shadow-lg ${variantClass[toast.variant]}`}
        >
          <div className="flex-1">
            <Toast.Title className="text-sm font-semibold">{toast.title}</Toast.Title>
            {toast.description ? (
              <Toast.Description className="mt-1 text-sm">{toast.description}</Toast.Description>
            ) : null}
            {toast.action ? (
              <Toast.Action
                altText={toast.action.label}
                onClick={toast.action.onSelect}
                className="mt-2 min-h-11 rounded-md border border-current px-3 py-1.5 text-sm font-medium hover:bg-white/50"
              >
                {toast.action.label}
              </Toast.Action>
            ) : null}
          </div>
          <Toast.Close aria-label={t`Close`} className="rounded p-1 opacity-70 hover:opacity-100">
            <CloseIcon className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        ref={viewport}
        // Radix fills in {hotkey}; kept outside the message so Lingui leaves it alone.
        label={`${t`Notifications`} ({hotkey})`}
        className="fixed right-4 bottom-4 z-[110] flex w-[calc(100%-2rem)] flex-col gap-4 outline-none sm:w-96"
      />
    </Toast.Provider>
  );
}
