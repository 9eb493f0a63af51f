import { MINUTE_MS } from "#time/durations.ts";
export const primaryButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-primary-700 px-4 py-2 text-sm font-medium text-white hover:bg-primary-800 disabled:opacity-60 aria-disabled:opacity-60";
export const secondaryButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-neutral-300 px-4 py-2 text-sm font-medium hover:bg-neutral-100 disabled:opacity-60 aria-disabled:opacity-60 dark:border-neutral-700 dark:hover:bg-neutral-800";
export const dangerButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-error-600 px-4 py-2 text-sm font-medium text-white hover:bg-error-800 disabled:opacity-60 aria-disabled:opacity-60";
export const textInput =
  "mt-1 min-h-11 w-full rounded-md border border-neutral-300 bg-white px-3 py-2 dark:border-neutral-700 dark:bg-neutral-900";

export function toLocalInput(instant: string | number): string {
  const date = new Date(instant);
  return new Date(date.getTime() - date.getTimezoneOffset() * MINUTE_MS).toISOString().slice(0, 16);
}
