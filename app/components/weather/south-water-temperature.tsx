// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { useSessionEnded } from "#app/components/admin/session-ended.ts";
import { primaryButton, secondaryButton, textInput } from "#app/components/admin/styles.ts";

const INTENT = "south-water-temperature";

type Props = {
  /** The default time of the measurement, on the lake's clock ("YYYY-MM-DDTHH:MM"). */
  now: string;
  outcome?: "saved" | "future" | "invalid" | "unauthorized";
};

/** No open source publishes a reading for the south of the lake (ADR 007). */
export function SouthWaterTemperature({ now, outcome }: Props) {
  const { t } = useLingui();
  const sessionEnded = useSessionEnded();
  const ids = useId();
  const saving = useNavigation().formData?.get("intent") === INTENT;
  const failed = outcome !== undefined && outcome !== "saved";

  return (
    <Form
      method="post"
      preventScrollReset
      // One save at a time: a second press would only send the same reading again.
      onSubmit={(event) => saving && event.preventDefault()}
      aria-labelledby={`${ids}-title`}
      className="py-6"
    >
      <input type="hidden" name="intent" value={INTENT} />
      <h2 id={`${ids}-title`} className="font-medium">
        {t`Water temperature in the south`}
      </h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {t`No public source measures the south of the lake: the value you enter here is shown to visitors.`}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="w-32">
          <label htmlFor={`${ids}-celsius`} className="block text-sm font-medium">
            {t`Temperature (°C)`}
          </label>
          <input
            id={`${ids}-celsius`}
            name="celsius"
            type="number"
            inputMode="decimal"
            min={0}
            max={35}
            step={0.1}
            required
            className={textInput}
          />
        </div>
        <div className="min-w-52 flex-1 sm:flex-none">
          <label htmlFor={`${ids}-measured`} className="block text-sm font-medium">
            {t`Measured at`}
          </label>
          <input
            id={`${ids}-measured`}
            name="measuredAt"
            type="datetime-local"
            required
            defaultValue={now}
            aria-invalid={outcome === "future" || undefined}
            aria-describedby={failed ? `${ids}-failed` : undefined}
            className={textInput}
          />
        </div>
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus. */}
        <button type="submit" aria-disabled={saving || undefined} className={primaryButton}>
          {t`Save`}
        </button>
      </div>
      <p role="status" className="mt-2 text-sm text-success-800 dark:text-success-100">
        {outcome === "saved" ? t`Water temperature saved` : null}
      </p>
      {failed ? (
        <div
          id={`${ids}-failed`}
          role="alert"
          className="mt-2 text-sm text-error-800 dark:text-error-100"
        >
          <p className="font-medium">{t`The water temperature could not be saved`}</p>
          {outcome === "future" ? <p>{t`The time of the measurement is in the future.`}</p> : null}
          {outcome === "unauthorized" ? (
            <p className="flex flex-wrap items-center gap-3">
              {sessionEnded.message}
              <button
                type="button"
                onClick={sessionEnded.logIn.onSelect}
                className={secondaryButton}
              >
                {sessionEnded.logIn.label}
              </button>
            </p>
          ) : null}
        </div>
      ) : null}
    </Form>
  );
}
