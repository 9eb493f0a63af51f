import type { MouseEvent } from "react";

/**
 * A step or month link at the end of the archive's range stays a link, to the page on show,
 * unavailable and going nowhere: put in place of it, plain text would drop the focus of a
 * visitor who reached the end with that link on the page.
 */
export const unavailable = {
  "aria-disabled": true,
  onClick: (event: MouseEvent) => event.preventDefault(),
} as const;
