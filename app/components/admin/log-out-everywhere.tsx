// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { Form } from "react-router";
import { secondaryButton } from "./styles.ts";

export function LogOutEverywhere() {
  const { t } = useLingui();
  const headingId = useId();
  const descriptionId = useId();
  return (
    <Form method="post" aria-labelledby={headingId} className="py-6">
      <h2 id={headingId} className="font-medium">
        {t`Sessions`}
      </h2>
      <p id={descriptionId} className="text-sm text-neutral-600 dark:text-neutral-400">
        {t`Logs out every browser that is logged in to the admin area, this one included. Use it if you logged in on a device that is not yours.`}
      </p>
      <button
        type="submit"
        name="intent"
        value="logout-everywhere"
        aria-describedby={descriptionId}
        className={`mt-3 ${secondaryButton}`}
      >
        {t`Log out everywhere`}
      </button>
    </Form>
  );
}
