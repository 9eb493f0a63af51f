/** The title block of the pages that put a picture first (home, archive): small, so it comes soon. */
export const pageTitle =
  "text-[length:clamp(1.5rem,1rem+2vw,2.25rem)] leading-[1.2] font-bold tracking-tight break-words hyphens-auto";
export const pageSubtitle =
  "text-[length:clamp(0.9375rem,0.85rem+0.4vw,1.125rem)] leading-[1.45] text-neutral-700 dark:text-neutral-300";
