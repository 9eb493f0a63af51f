// catalog: pages

import type { I18n } from "@lingui/core";
import { t } from "@lingui/core/macro";

/** The embedded view's name, for the host page's iframe: the About code's and oEmbed's. */
export function embedTitle(i18n: I18n, location: string): string {
  return t(i18n)`Lake Garda Live Camera: live view of the harbour of ${location}`;
}

export function siteName(i18n: I18n): string {
  return t(i18n)`Lake Garda Live Camera`;
}
