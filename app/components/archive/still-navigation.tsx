// catalog: archive

import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { type ArchivePage, stillImage } from "#app/features/archive/stills.ts";
import { formatTime } from "#app/lib/format.ts";
import ChevronLeftIcon from "~icons/mdi/chevron-left";
import ChevronRightIcon from "~icons/mdi/chevron-right";
import { RangeLink } from "./range-link.tsx";
import { useStillNavigation } from "./use-still-navigation.ts";

const button =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border border-neutral-300 px-3 py-2 text-sm font-medium hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 dark:border-neutral-700 dark:hover:bg-neutral-800";
const disabled =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border border-dashed border-neutral-300 px-3 py-2 text-sm text-neutral-500 dark:border-neutral-700 dark:text-neutral-400";

// Beside the calendar from lg (84rem less padding, a 23rem calendar, a 2rem gap).
const hourSizes =
  "(min-width: 84rem) 18.5rem, (min-width: 64rem) calc(33.4vw - 9.5rem), (min-width: 40rem) calc(33.4vw - 1.1rem), calc(50vw - 1.4rem)";

export function StillNavigation({ page }: { page: ArchivePage }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { still, previous, next, jumps, dayStills, hourStills } = page;
  const { href, hours, scrubbed, scrubbedStill, scrub, missingJumps } = useStillNavigation(page);
  const jumpLinks = [
    { label: t`Same time yesterday`, at: jumps.yesterday },
    { label: t`A week ago`, at: jumps.weekAgo },
    { label: t`A year ago`, at: jumps.yearAgo },
  ];

  return (
    <nav aria-label={t`Browse the archive`} className="mt-6 space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <StepLink
          to={previous && href(previous.at)}
          rel="prev"
          label={
            previous && !previous.adjacent
              ? t`Earlier: ${formatTime(locale, previous.takenAt)}`
              : t`10 min earlier`
          }
        />
        <StepLink
          to={next && href(next.at)}
          rel="next"
          label={
            next && !next.adjacent ? t`Later: ${formatTime(locale, next.takenAt)}` : t`10 min later`
          }
        />
        <p className="hidden text-sm text-neutral-600 pointer-fine:block dark:text-neutral-400">
          {t`Tip: the arrow keys ← and → step through the pictures.`}
        </p>
      </div>

      <div>
        <h2 className="text-base font-semibold">{t`Compare`}</h2>
        <ul className="mt-2 flex flex-wrap gap-3">
          {jumpLinks.map((jump) => (
            <li key={jump.label}>
              {jump.at ? (
                <Link to={href(jump.at)} preventScrollReset className={button}>
                  {jump.label}
                </Link>
              ) : (
                <span className={disabled} aria-disabled="true" aria-describedby="no-jump">
                  {jump.label}
                </span>
              )}
            </li>
          ))}
        </ul>
        {missingJumps ? (
          <p id="no-jump" className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
            {t`A comparison is unavailable when the archive has no picture from within half an hour of that time.`}
          </p>
        ) : null}
      </div>

      {dayStills.length > 1 && scrubbedStill ? (
        <div>
          <div className="text-base">
            <label htmlFor="scrubber" className="font-semibold">
              {t`Time of day`}
            </label>{" "}
            {/* Hidden: the slider's value text says the time already. */}
            <output htmlFor="scrubber" aria-hidden="true">
              {formatTime(locale, scrubbedStill.takenAt)}
            </output>
          </div>
          <input
            id="scrubber"
            type="range"
            min={0}
            max={dayStills.length - 1}
            step={1}
            value={scrubbed}
            aria-valuetext={formatTime(locale, scrubbedStill.takenAt)}
            onChange={(event) => scrub(Number(event.currentTarget.value))}
            className="mt-2 block h-11 w-full cursor-pointer accent-primary-700"
          />
        </div>
      ) : null}

      <div>
        <h2 className="text-base font-semibold">{t`Hours`}</h2>
        <ul className="mt-2 grid grid-cols-4 gap-2 sm:grid-cols-6 lg:grid-cols-12">
          {hours.map(({ hour, label, first, current }) => (
            <li key={hour}>
              {first ? (
                <Link
                  to={href(first.at)}
                  preventScrollReset
                  aria-current={current ? "true" : undefined}
                  className={`${button} w-full px-1 whitespace-nowrap tabular-nums aria-[current]:border-primary-700 aria-[current]:bg-primary-700 aria-[current]:text-white`}
                >
                  {label}
                </Link>
              ) : (
                <span
                  className={`${disabled} w-full px-1 whitespace-nowrap tabular-nums`}
                  aria-disabled="true"
                >
                  <span aria-hidden="true">{label}</span>
                  <span className="sr-only">{t`${label}, no pictures`}</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>

      {hourStills.length > 1 ? (
        <div>
          <h2 className="text-base font-semibold">{t`This hour`}</h2>
          <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {hourStills.map((s) => (
              <li key={s.id}>
                <Link
                  to={href(s.at)}
                  preventScrollReset
                  aria-current={s.id === still?.id ? "true" : undefined}
                  className="block rounded-lg outline-offset-2 aria-[current]:outline-3 aria-[current]:outline-primary-700"
                >
                  <img
                    {...stillImage(s)}
                    sizes={hourSizes}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="aspect-video h-auto w-full rounded-lg bg-neutral-200 object-cover dark:bg-neutral-800"
                  />
                  <span className="mt-1 block text-sm">{formatTime(locale, s.takenAt)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </nav>
  );
}

function StepLink({ to, rel, label }: { to: string | null; rel: "prev" | "next"; label: string }) {
  const icon =
    rel === "prev" ? (
      <ChevronLeftIcon aria-hidden="true" className="size-5" />
    ) : (
      <ChevronRightIcon aria-hidden="true" className="size-5" />
    );
  const content =
    rel === "prev" ? (
      <>
        {icon}
        {label}
      </>
    ) : (
      <>
        {label}
        {icon}
      </>
    );
  return (
    <RangeLink
      to={to}
      // The arrow keys follow the rel.
      rel={to ? rel : undefined}
      className={to ? button : disabled}
    >
      {content}
    </RangeLink>
  );
}
