import { t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useState } from "react";
import { data } from "react-router";
import { archiveQuery, loadArchivePage } from "#app/.server/archive/archive-page.ts";
import { readSession } from "#app/.server/auth/session.ts";
import { requestScope } from "#app/.server/context.ts";
import { mediaBase } from "#app/.server/media-host/public-url.ts";
import { jsonLd, siteOf, stillImageObject } from "#app/.server/structured-data.ts";
import { ArchiveCalendar } from "#app/components/archive/archive-calendar.tsx";
import { formatArchiveDay } from "#app/components/archive/archive-format.ts";
import { ArchiveEmpty, DayEmpty } from "#app/components/archive/archive-states.tsx";
import { DayPickLinks } from "#app/components/archive/day-picks.tsx";
import { MonthStrips } from "#app/components/archive/month-strips.tsx";
import {
  CompareActions,
  CompareLinks,
  CompareMissing,
  StillCompare,
} from "#app/components/archive/still-compare.tsx";
import { StillNavigation } from "#app/components/archive/still-navigation.tsx";
import { StillView } from "#app/components/archive/still-view.tsx";
import { JsonLd } from "#app/components/shell/json-ld.tsx";
import { PageMeta } from "#app/components/shell/page-meta.tsx";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { stillShareImage } from "#app/features/archive/stills.ts";
import { loadCatalog } from "#app/i18n/load-messages.ts";
import { formatTime } from "#app/lib/format.ts";
import { useRootData } from "#app/shell/root-data.ts";
import { lakeDate } from "#time/lake-time.ts";
import type { Route } from "./+types/archive";

// Only the owner's browser ever requests this chunk and the admin catalog (ADR 017).
const StillOwnerControls = lazy(async () => {
  const [controls] = await Promise.all([
    import("#app/components/archive/still-owner-controls.tsx"),
    loadCatalog("admin"),
  ]);
  return controls;
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = context.get(requestScope);
  const query = archiveQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [page, session] = await Promise.all([
    loadArchivePage(scope.db, query, {
      today: lakeDate(Date.now()),
      place: { latitude: scope.config.CAMERA_LATITUDE, longitude: scope.config.CAMERA_LONGITUDE },
      locale: scope.locale,
      mediaBase: mediaBase(scope.config),
    }),
    readSession(request, scope),
  ]);
  const { still } = page;
  const date = formatArchiveDay(scope.locale, page.day);
  const time = still ? formatTime(scope.locale, still.takenAt) : "";
  const caption = t(scope.i18n)`Lake Garda on ${date} at ${time}`;
  const body = {
    ...page,
    owner: session !== null,
    // Made here, so the pages' shared stills chunk does not carry it.
    shareImage: still ? stillShareImage(still, caption) : undefined,
    jsonLd: still ? jsonLd([stillImageObject(siteOf(scope), still, caption)]) : null,
  };
  // The owner's page carries the controls: no shared copy may keep it (ADR 019).
  return session ? data(body, { headers: { "Cache-Control": "private, no-cache" } }) : body;
}

export function headers({ parentHeaders, loaderHeaders }: Route.HeadersArgs) {
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) parentHeaders.set("Cache-Control", cacheControl);
  return parentHeaders;
}

export default function Archive({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const { site } = useRootData();
  const { still, range, day, owner, comparison } = loaderData;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const date = formatArchiveDay(locale, day);
  const time = still ? formatTime(locale, still.takenAt) : "";
  const when = still ? `${date}, ${time}` : null;
  return (
    <div className="mx-auto max-w-[84rem] px-4 py-3">
      <PageMeta
        title={when ? t`Archive: ${when}` : t`Archive`}
        description={t`Every ten minutes a picture from the camera: browse the days, hours and seasons of Lake Garda.`}
        image={loaderData.shareImage}
        firstPaintAfter="archive-picture"
      />
      <JsonLd json={loaderData.jsonLd} />
      <h1 className="page-title">{t`Archive`}</h1>
      <p className="mt-1 page-subtitle">
        {t`A picture from the harbour of ${site.cameraLocation} every ten minutes. Pick a day, scrub through its hours or compare with a day, a week or a year before.`}
      </p>
      {range ? (
        <>
          <div id="archive-picture" className="mt-4">
            {still ? (
              <>
                {comparison?.still ? (
                  <>
                    <StillCompare still={still} other={comparison.still} />
                    <CompareActions still={still} />
                  </>
                ) : (
                  <>
                    <StillView still={still} day={day} picks={loaderData.picks} />
                    {comparison ? (
                      <CompareMissing still={still} comparison={comparison} />
                    ) : (
                      <CompareLinks still={still} compareWith={loaderData.compareWith} />
                    )}
                  </>
                )}
                <DayPickLinks page={loaderData} />
                {owner && hydrated ? (
                  <Suspense fallback={null}>
                    <StillOwnerControls
                      still={still}
                      picks={loaderData.picks}
                      after={(loaderData.next ?? loaderData.previous)?.at ?? null}
                    />
                  </Suspense>
                ) : null}
              </>
            ) : (
              <DayEmpty day={day} missing={loaderData.missing} />
            )}
          </div>
          {/* 23rem: the calendar's seven 44 px days, 4 px apart, inside its border and padding. */}
          <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_23rem]">
            <div className="min-w-0">{still ? <StillNavigation page={loaderData} /> : null}</div>
            <ArchiveCalendar page={loaderData} range={range} />
          </div>
          <MonthStrips page={loaderData} />
        </>
      ) : (
        <ArchiveEmpty />
      )}
    </div>
  );
}
