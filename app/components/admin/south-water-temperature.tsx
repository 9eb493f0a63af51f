import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { useToast } from "../ui/toaster";
import { useSessionEnded } from "./session-ended";
import { primaryButton } from "./styles";

const inputClass =
  "mt-1 min-h-11 w-full rounded-md border border-neutral-300 bg-white px-3 py-2 dark:border-neutral-700 dark:bg-neutral-900";

/** As the server allows (workers/api/weather.ts). */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

function nowLocal(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** No open source publishes a reading for the south of the lake (ADR 007). */
export function SouthWaterTemperature() {
  const { t } = useLingui();
  const toast = useToast();
  const sessionEnded = useSessionEnded();
  const ids = useId();
  const [celsius, setCelsius] = useState("");
  const [measuredAt, setMeasuredAt] = useState(nowLocal);
  const [saving, setSaving] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (saving) return;
    // The server refuses a reading from the future (beyond a clock's drift): say why here.
    if (new Date(measuredAt).getTime() > Date.now() + FUTURE_TOLERANCE_MS) {
      toast({
        variant: "error",
        title: t`The water temperature could not be saved`,
        description: t`The time of the measurement is in the future.`,
      });
      return;
    }
    setSaving(true);
    let status = 0;
    try {
      const response = await fetch("/api/weather/water-temperature/south", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          celsius: Number(celsius),
          measuredAt: new Date(measuredAt).toISOString(),
        }),
      });
      status = response.status;
    } catch {
      status = 0;
    }
    setSaving(false);
    if (status >= 200 && status < 300) {
      toast({ variant: "success", title: t`Water temperature saved` });
      return;
    }
    toast({
      variant: "error",
      title: t`The water temperature could not be saved`,
      ...(status === 401 ? sessionEnded.toast : {}),
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
            className={inputClass}
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
            className={inputClass}
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
