import { useRef } from "react";

/**
 * For a Radix dialog opened from state rather than from its Trigger, which Radix alone would
 * close with the focus on the page: the focus goes back to what had it when the dialog opened.
 * Spread the result on the dialog's Content.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      opener.current?.focus();
    },
  };
}
