// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { ownerWrite } from "#app/components/admin/owner-api.ts";
import { useSessionEnded } from "#app/components/admin/session-ended.ts";
import { primaryButton, textInput, toLocalInput } from "#app/components/admin/styles.ts";
import { useToast } from "#app/components/ui/toaster.tsx";
import { SOUTH_READING_SKEW_MS } from "#app/features/weather/south-reading.ts";

/** No open source publishes a reading for the south of the lake (ADR 007). */
export function SouthWaterTemperature() {
  const { t } = useLingui();
  const toast = useToast();
  const sessionEnded = useSessionEnded();
  const ids = useId();
  const [celsius, setCelsius] = useState("");
  const [measuredAt, setMeasuredAt] = useState(() => toLocalInput(Date.now()));
  const [saving, setSaving] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (saving) return;
    // The server refuses a reading from the future (beyond a clock's drift): say why here.
    if (new Date(measuredAt).getTime() > Date.now() + SOUTH_READING_SKEW_MS) {
      toast({
        variant: "error",
        title: t`The water temperature could not be saved`,
        description: t`The time of the measurement is in the future.`,
      });
      return;
    }
    setSaving(true);
    const outcome = await ownerWrite<unknown>("/api/weather/water-temperature/south", "PUT", {
      celsius: Number(celsius),
      measuredAt: new Date(measuredAt).toISOString(),
    });
    setSaving(false);
    if (outcome.ok) {
      toast({ variant: "success", title: t`Water temperature saved` });
      return;
    }
    toast({
      variant: "error",
      title: t`The water temperature could not be saved`,
      ...(outcome.unauthorized ? sessionEnded.toast : {}),
    });
  }

  return (
    <form onSubmit={save} aria-labelledby={`${ids}-title`} className="py-6">
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
            type="number"
            inputMode="decimal"
            min={0}
            max={35}
            step={0.1}
            required
            value={celsius}
            onChange={(e) => setCelsius(e.target.value)}
            className={textInput}
          />
        </div>
        <div className="min-w-52 flex-1 sm:flex-none">
          <label htmlFor={`${ids}-measured`} className="block text-sm font-medium">
            {t`Measured at`}
          </label>
          <input
            id={`${ids}-measured`}
            type="datetime-local"
            required
            value={measuredAt}
            onChange={(e) => setMeasuredAt(e.target.value)}
            className={textInput}
          />
        </div>
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus. */}
        <button type="submit" aria-disabled={saving || undefined} className={primaryButton}>
          {t`Save`}
        </button>
      </div>
    </form>
  );
}
