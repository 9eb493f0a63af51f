import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import type {
  CurrentWeather,
  DailyWeather,
  WeatherPanelData,
  WeatherProvider,
  WeatherSnapshot,
} from "#app/features/weather/weather.ts";
import {
  lakeLevelView,
  type WaterEnd,
  waterTemperatureView,
  weatherView,
} from "#app/features/weather/weather-view.ts";
import type { Locale } from "#app/i18n/locales.ts";
import {
  formatDateTime,
  formatDay,
  formatMonth,
  formatNumber,
  formatTime,
} from "#app/lib/format.ts";
import { ConditionIcon, conditionLabels } from "./condition.tsx";
import { useWeather } from "./use-weather.ts";

const card = "rounded-xl border border-neutral-200 p-5 dark:border-neutral-800";
const muted = "text-sm text-neutral-600 dark:text-neutral-400";

export function WeatherPanel({ data, location }: { data: WeatherPanelData; location: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { snapshot, loading, firstLoad, now, retry, retryNow } = useWeather(data);
  const weather = snapshot && weatherView(snapshot, now);
  // A Retry that brought nothing newer says so, or the press would end in silence.
  const retried = retry === "done";
  const status =
    firstLoad || retry === "running"
      ? t`Loading weather…`
      : !weather || weather.state === "unavailable"
        ? retried
          ? t`The weather is still not available. Please try again later.`
          : t`Weather not available`
        : weather.state === "stale"
          ? retried
            ? t`No newer weather data yet. Please try again later.`
            : t`Data might be stale`
          : "";
  const lastUpdated = (instant: string) => {
    const time = formatTime(locale, instant);
    return t`Last updated ${time}`;
  };

  return (
    <section
      aria-labelledby="weather-title"
      aria-busy={loading}
      className="mx-auto max-w-6xl px-4 py-8"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="weather-title" className="text-2xl font-bold tracking-tight">
          {t`Weather in ${location}`}
        </h2>
        {weather && weather.state !== "unavailable" ? (
          <p className={muted}>{lastUpdated(weather.fetchedAt)}</p>
        ) : null}
      </div>

      <div className="mt-4 grid gap-4 md:grid-cols-3">
        {/* Always rendered, so its status region announces each change. */}
        <Notice
          className={status ? "md:col-span-3" : "sr-only"}
          tone={weather?.state === "stale" ? "warning" : "neutral"}
          loading={firstLoad}
        >
          <span role="status">{status}</span>
          {status && !firstLoad ? (
            // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
            <button
              type="button"
              aria-disabled={loading}
              onClick={loading ? undefined : retryNow}
              className="inline-flex items-center gap-1 rounded-full border border-neutral-300 px-3 py-1 text-sm font-medium hover:bg-neutral-100 aria-disabled:opacity-60 dark:border-neutral-700 dark:hover:bg-neutral-800"
            >
              <span
                aria-hidden="true"
                className={`icon-mdi-refresh size-4 ${loading ? "animate-spin" : ""}`}
              />
              {loading ? t`Loading…` : t`Retry`}
            </button>
          ) : null}
        </Notice>
        {weather && weather.state !== "unavailable" ? (
          <>
            <Now current={weather.current} measuredAt={weather.measuredAt} />
            <Day title={t`Today`} day={weather.today} />
            <Day title={t`Tomorrow`} day={weather.tomorrow} />
          </>
        ) : null}
      </div>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <WaterTemperatureCard snapshot={snapshot} now={now} loading={loading} />
        <LakeLevelCard snapshot={snapshot} now={now} loading={loading} />
      </div>

      <Attribution
        provider={weather && weather.state !== "unavailable" ? weather.provider : null}
      />
    </section>
  );
}

function Notice({
  children,
  className = "",
  tone = "neutral",
  loading = false,
}: {
  children: ReactNode;
  className?: string;
  tone?: "neutral" | "warning";
  loading?: boolean;
}) {
  const colours =
    tone === "warning"
      ? "border-warning-600 bg-warning-100 text-warning-900 dark:bg-warning-900 dark:text-warning-100"
      : "border-neutral-200 dark:border-neutral-800";
  return (
    <p
      className={`flex flex-wrap items-center gap-3 rounded-xl border p-4 ${colours} ${className}`}
    >
      {/* A spinner, not a pulse: fading text would drop below readable contrast. */}
      {loading ? (
        <span aria-hidden="true" className="icon-mdi-refresh size-4 motion-safe:animate-spin" />
      ) : null}
      {children}
    </p>
  );
}

function Now({ current, measuredAt }: { current: CurrentWeather; measuredAt: string }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const u = units(locale);
  const measuredAtTime = (instant: string) => {
    const time = formatTime(locale, instant);
    return t`Measured at ${time}`;
  };
  return (
    <article className={card}>
      <h3 className="font-semibold">{t`Now`}</h3>
      <div className="mt-2 flex items-center gap-3">
        <ConditionIcon
          condition={current.condition}
          isDay={current.isDay}
          className="size-12 shrink-0 text-secondary-700 dark:text-secondary-300"
        />
        <div>
          <p className="text-3xl font-bold">{u.celsius(current.temperature)}</p>
          <p>{i18n._(conditionLabels[current.condition])}</p>
        </div>
      </div>
      <Details
        rows={[
          [t`Feels like`, u.celsius(current.feelsLike)],
          [t`Humidity`, u.percent(current.humidity)],
          [t`Wind`, u.kmh(current.windSpeed)],
          [t`Precipitation`, u.mm(current.precipitation)],
          [t`Air pressure`, u.hpa(current.pressure)],
        ]}
      />
      <p className={`mt-3 ${muted}`}>{measuredAtTime(measuredAt)}</p>
    </article>
  );
}

function Day({ title, day }: { title: string; day: DailyWeather | undefined }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const u = units(locale);
  if (!day) {
    return (
      <article className={card}>
        <h3 className="font-semibold">{title}</h3>
        <p className={`mt-2 ${muted}`}>{t`No forecast yet`}</p>
      </article>
    );
  }
  const range = (low: number, high: number) => `${u.celsius(low)} – ${u.celsius(high)}`;
  return (
    <article className={card}>
      <h3 className="font-semibold">
        {title} <span className={`font-normal ${muted}`}>{formatDay(locale, day.date)}</span>
      </h3>
      <div className="mt-2 flex items-center gap-3">
        <ConditionIcon
          condition={day.condition}
          isDay
          className="size-10 shrink-0 text-secondary-700 dark:text-secondary-300"
        />
        <div>
          <p className="text-xl font-semibold">{range(day.temperatureMin, day.temperatureMax)}</p>
          <p>{i18n._(conditionLabels[day.condition])}</p>
        </div>
      </div>
      <Details
        rows={[
          [t`Feels like`, range(day.feelsLikeMin, day.feelsLikeMax)],
          [t`Humidity`, u.percent(day.humidity)],
          [t`Wind up to`, u.kmh(day.windSpeed)],
          [t`Precipitation`, u.mm(day.precipitation)],
          [t`Air pressure`, u.hpa(day.pressure)],
          [t`Sunrise`, formatTime(locale, day.sunrise)],
          [t`Sunset`, formatTime(locale, day.sunset)],
        ]}
      />
    </article>
  );
}

function Details({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-neutral-600 dark:text-neutral-400">{label}</dt>
          <dd className="text-right font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type CardProps = { snapshot: WeatherSnapshot | null; now: number; loading: boolean };

function WaterTemperatureCard({ snapshot, now, loading }: CardProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const u = units(locale);
  const water = snapshot && waterTemperatureView(snapshot, now);
  const measured = (end: WaterEnd) => {
    if (end.kind === "typical") {
      const month = formatMonth(locale, end.month);
      return t`Typical for ${month}`;
    }
    const when = formatDateTime(locale, end.measuredAt);
    return t`Measured ${when}`;
  };
  let body: ReactNode;
  if (!water) {
    body = (
      <p className={`mt-2 ${muted}`}>
        {loading ? t`Loading…` : t`Water temperature not available`}
      </p>
    );
  } else if (water.north.kind === "typical" && water.south.kind === "typical") {
    body = (
      <>
        <p className="mt-2 text-3xl font-bold">{u.celsius(water.north.celsius)}</p>
        <p className={muted}>{measured(water.north)}</p>
      </>
    );
  } else {
    const ends: Array<[string, WaterEnd]> = [
      [t`North (Riva del Garda)`, water.north],
      [t`South`, water.south],
    ];
    body = (
      <dl className="mt-2 space-y-2">
        {ends.map(([label, end]) => (
          <div key={label} className="flex items-center justify-between gap-3">
            <dt>
              {label}
              <span className={`block ${muted}`}>{measured(end)}</span>
            </dt>
            <dd className="whitespace-nowrap text-xl font-semibold">{u.celsius(end.celsius, 1)}</dd>
          </div>
        ))}
        {water.average !== null ? (
          <div className="flex items-baseline justify-between border-t border-neutral-200 pt-2 dark:border-neutral-800">
            <dt className="font-medium">{t`Average`}</dt>
            <dd className="whitespace-nowrap text-xl font-semibold">
              {u.celsius(water.average, 1)}
            </dd>
          </div>
        ) : null}
      </dl>
    );
  }
  return (
    <article className={card}>
      <h3 className="font-semibold">{t`Water temperature`}</h3>
      {body}
    </article>
  );
}

function LakeLevelCard({ snapshot, now, loading }: CardProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const u = units(locale);
  const level = snapshot && lakeLevelView(snapshot, now);
  const metres = (value: number) => {
    const height = formatNumber(locale, value, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    return t`${height} m above sea level`;
  };
  const measured = (instant: string) => {
    const when = formatDateTime(locale, instant);
    return t`Measured ${when}`;
  };
  return (
    <article className={card}>
      <h3 className="font-semibold">{t`Lake level`}</h3>
      {level && level.state !== "unavailable" ? (
        <>
          <p className="mt-2 text-3xl font-bold">{u.cm(level.cm)}</p>
          <p>{t`above the hydrometric zero at Peschiera del Garda`}</p>
          <p className="mt-1 font-medium">{metres(level.metresAboveSeaLevel)}</p>
          <p className={`mt-2 ${muted}`}>
            {measured(level.measuredAt)}
            {level.state === "stale" ? ` · ${t`Data might be stale`}` : null}
          </p>
        </>
      ) : (
        <p className={`mt-2 ${muted}`}>
          {loading && !snapshot ? t`Loading…` : t`Lake level not available`}
        </p>
      )}
    </article>
  );
}

// The weather provider's terms ask for a visible link.
function Attribution({ provider }: { provider: WeatherProvider | null }) {
  const { t } = useLingui();
  const link = "underline hover:text-primary-700 dark:hover:text-primary-400";
  const credits = [
    provider === "open-meteo" && (
      <a key="weather" href="https://open-meteo.com/" className={link}>
        {t`Weather data by Open-Meteo.com`}
      </a>
    ),
    provider === "openweathermap" && (
      <a key="weather" href="https://openweathermap.org/" className={link}>
        {t`Weather data by OpenWeather`}
      </a>
    ),
    <a key="lake" href="https://www.laghi.net/" className={link}>
      {t`Lake level: laghi.net`}
    </a>,
    <a key="water" href="https://www.appa.provincia.tn.it/" className={link}>
      {t`Water temperature north: APPA Trento`}
    </a>,
  ].filter(Boolean);
  return <p className={`mt-4 flex flex-wrap gap-x-3 gap-y-1 ${muted}`}>{credits}</p>;
}

function units(locale: Locale) {
  const unit = (unit: string, digits: number) => (value: number) =>
    formatNumber(locale, value, { style: "unit", unit, maximumFractionDigits: digits });
  return {
    celsius: (value: number, digits = 0) => unit("celsius", digits)(value),
    percent: (value: number) => formatNumber(locale, value / 100, { style: "percent" }),
    kmh: unit("kilometer-per-hour", 0),
    mm: unit("millimeter", 1),
    cm: unit("centimeter", 1),
    hpa: (value: number) =>
      `${formatNumber(locale, value, { maximumFractionDigits: 0, useGrouping: false })} hPa`,
  };
}
