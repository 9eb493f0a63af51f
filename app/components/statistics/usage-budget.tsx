// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { Warning } from "#app/components/camera/warning.tsx";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import {
  type DayUsage,
  freePlanPerDay,
  type UsageResource,
  usageResources,
} from "#app/features/statistics/daily-allowance.ts";
import { formatNumber } from "#app/lib/format.ts";

/** Workers AI's free allowance a day, on both plans (ADR 029). */
const FREE_NEURONS_PER_DAY = 10_000;

/** From this share of an allowance on, the owner is warned while there is time to act. */
const WARN_AT = 0.8;

export function UsageBudget({
  today,
  descriptions,
}: {
  today: DayUsage;
  descriptions: { calls: number; cap: number; neurons: number };
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const id = useId();
  const labels: Record<UsageResource, string> = {
    requests: t`Worker requests`,
    rowsWritten: t`D1 rows written`,
    rowsRead: t`D1 rows read`,
    objectRequests: t`Durable Object requests`,
  };
  const [calls, cap, neurons, freeNeurons] = [
    descriptions.calls,
    descriptions.cap,
    descriptions.neurons,
    FREE_NEURONS_PER_DAY,
  ].map((n) => formatNumber(locale, n));
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t`Today's Cloudflare allowance`}
      </h3>
      <p className="mt-1 max-w-3xl text-sm text-neutral-700 dark:text-neutral-300">
        {t`At least this much of the Workers Free plan's daily limits has been used today (UTC day). Once a limit is reached, the site stays down until midnight UTC.`}
      </p>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2">
        {usageResources.map((resource) => {
          const limit = freePlanPerDay[resource];
          const share = today[resource] / limit;
          const used = formatNumber(locale, today[resource]);
          const allowed = formatNumber(locale, limit);
          const percent = formatNumber(locale, share, {
            style: "percent",
            maximumFractionDigits: 1,
          });
          const figures = t`${used} of ${allowed} (${percent})`;
          const near = share >= WARN_AT;
          return (
            <li key={resource}>
              <label htmlFor={`${id}-${resource}`} className="text-sm font-medium">
                {labels[resource]}
              </label>
              {/* The browser colours it past `high`; the words below say the same. */}
              <meter
                id={`${id}-${resource}`}
                min={0}
                max={limit}
                low={WARN_AT * limit}
                high={WARN_AT * limit}
                optimum={0}
                value={Math.min(today[resource], limit)}
                aria-valuetext={figures}
                className="mt-1 block h-3 w-full"
              />
              <p className="mt-1 text-sm tabular-nums">{figures}</p>
              {near ? <Warning>{t`Close to the limit.`}</Warning> : null}
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-sm tabular-nums">
        {t`Workers AI descriptions today: ${calls} of ${cap} calls, about ${neurons} of ${freeNeurons} free neurons.`}
      </p>
      <details className="mt-3">
        <summary className="min-h-11 cursor-pointer py-3 text-sm font-medium">
          {t`What is counted`}
        </summary>
        <p className="max-w-3xl text-sm text-neutral-700 dark:text-neutral-300">
          {t`Every request that runs the Worker counts, and so does each run of the cron, every ten minutes; static files (scripts, styles, icons) never run it and cost nothing. Rows and object requests are those the Worker asks for: the camera's connection to its object and the objects' own alarms are not included. Each running copy of the Worker adds its counts here at most once a minute, so the last minute of a copy Cloudflare has since stopped can be missing: the real use may be a little higher.`}
        </p>
      </details>
    </section>
  );
}
