// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { Switch } from "radix-ui";
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { useToast } from "#app/components/ui/toaster.tsx";
import { useSessionEnded } from "./session-ended.ts";

type Answer = { maintenance: boolean } | { error: string };

export function MaintenanceSwitch({ maintenance }: { maintenance: boolean }) {
  const { t } = useLingui();
  const toast = useToast();
  const sessionEnded = useSessionEnded();
  const fetcher = useFetcher<Answer>();
  const switchId = useId();
  const pending = fetcher.state !== "idle";
  const optimistic = pending ? fetcher.formData?.get("enabled") === "on" : maintenance;

  // Once per answer: the effect also re-runs when the translator changes.
  const answered = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || answered.current === fetcher.data) return;
    answered.current = fetcher.data;
    if ("maintenance" in fetcher.data) {
      toast({
        variant: "success",
        title: fetcher.data.maintenance
          ? t`Maintenance mode has been enabled`
          : t`Maintenance mode has been disabled`,
      });
    } else if (fetcher.data.error === "unauthorized") {
      toast({
        variant: "error",
        title: t`Failed to toggle maintenance mode`,
        ...sessionEnded.toast,
      });
    } else {
      toast({ variant: "error", title: t`Failed to toggle maintenance mode` });
    }
  }, [fetcher.state, fetcher.data, toast, t, sessionEnded]);

  return (
    <div className="flex items-start gap-4 py-6">
      <Switch.Root
        id={switchId}
        checked={optimistic}
        // aria-disabled, not disabled: a disabled switch would drop the keyboard focus.
        aria-disabled={pending || undefined}
        onCheckedChange={(checked) =>
          pending ||
          fetcher.submit(
            { intent: "maintenance", enabled: checked ? "on" : "off" },
            { method: "post" },
          )
        }
        className="relative mt-1 h-6 w-11 shrink-0 rounded-full bg-neutral-300 transition-colors aria-disabled:opacity-60 data-[state=checked]:bg-warning-600 dark:bg-neutral-700"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
      <div>
        <label htmlFor={switchId} className="font-medium">
          {t`Maintenance mode`}
        </label>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {t`While it is on, visitors see a "work in progress" page instead of the site. The admin area stays reachable.`}
        </p>
      </div>
    </div>
  );
}
