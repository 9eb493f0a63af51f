import { useLingui } from "@lingui/react/macro";
import { Toast } from "radix-ui";
import { createContext, type ReactNode, useCallback, useContext, useState } from "react";
import CloseIcon from "~icons/heroicons/x-mark";

export const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 200;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = "success" | "info" | "warning" | "error";
type ToastItem = {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
};
type ShowToast = (toast: { title: string; description?: string; variant?: ToastVariant }) => void;

const ToastContext = createContext<ShowToast | null>(null);

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast needs <Toaster>");
  return show;
}

const variantClass: Record<ToastVariant, string> = {
  success: "border-success-600 bg-success-100 text-success-900",
  info: "border-info-600 bg-info-100 text-info-900",
  warning: "border-warning-600 bg-warning-100 text-warning-900",
  error: "border-error-600 bg-error-100 text-error-900",
};

let nextId = 0;

/** Queues toasts (at most five kept), shows them bottom-right and removes them 200 ms after closing. */
export function Toaster({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [toasts, setToasts] = useState<ToastItem[]>([]);

  const show = useCallback<ShowToast>(({ title, description, variant = "info" }) => {
    nextId += 1;
    const toast = { id: nextId, title, description, variant, open: true };
    setToasts((current) => [...current, toast].slice(-TOAST_LIMIT));
  }, []);

  const close = useCallback((id: number) => {
    setToasts((current) => current.map((t) => (t.id === id ? { ...t, open: false } : t)));
    setTimeout(
      () => setToasts((current) => current.filter((t) => t.id !== id)),
      TOAST_REMOVE_DELAY_MS,
    );
  }, []);

  return (
    <ToastContext value={show}>
      <Toast.Provider
        duration={TOAST_DURATION_MS}
        swipeDirection="right"
        swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
        label={t`Notification`}
      >
        {children}
        {toasts.map((toast) => (
          <Toast.Root
            key={toast.id}
            open={toast.open}
            onOpenChange={(open) => (open ? undefined : close(toast.id))}
            type={toast.variant === "error" ? "foreground" : "background"}
            className={`toast flex items-start gap-3 rounded-lg border-l-4 p-4 shadow-lg ${variantClass[toast.variant]}`}
          >
            <div className="flex-1">
              <Toast.Title className="text-sm font-semibold">{toast.title}</Toast.Title>
              {toast.description ? (
                <Toast.Description className="mt-1 text-sm">{toast.description}</Toast.Description>
              ) : null}
            </div>
            <Toast.Close aria-label={t`Close`} className="rounded p-1 opacity-70 hover:opacity-100">
              <CloseIcon className="size-4" />
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="fixed right-4 bottom-4 z-[110] flex w-[calc(100%-2rem)] flex-col gap-4 outline-none sm:w-96" />
      </Toast.Provider>
    </ToastContext>
  );
}
