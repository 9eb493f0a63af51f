// catalog: admin

import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";

/** A plain-language warning, marked in words as well as in colour. */
export function Warning({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <p className="mt-2 text-sm font-medium text-warning-800 dark:text-warning-100">
      <span className="font-semibold">{t`Warning:`}</span> {children}
    </p>
  );
}
