import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import {
  createRoutesStub,
  Link,
  type LoaderFunctionArgs,
  useLoaderData,
  useNavigate,
} from "react-router";
import { afterEach, expect, test } from "vitest";
import type { ArchivePage, ArchiveStill } from "#app/features/archive/stills.ts";
import { useStillNavigation } from "./use-still-navigation.ts";

afterEach(cleanup);

const DAY = "2026-11-22";
// A gap after 08:20, and the afternoon apart.
const slots = ["08:00", "08:10", "08:20", "09:00", "14:30"];

const still = (time: string): ArchiveStill => ({
  id: `still-${time}`,
  at: `${DAY}T${time}`,
  takenAt: `${DAY}T${time}:04.000Z`,
  url: `/api/stills/${time}.jpg`,
  srcSet: null,
  cardUrl: null,
  width: 1920,
  height: 1080,
  bestOf: false,
  sheet: null,
  weather: null,
});

/** The archive page around `?at=`, as the server's archive-page.ts shapes it. */
function loader({ request }: LoaderFunctionArgs): ArchivePage {
  const at = new URL(request.url).searchParams.get("at") ?? `${DAY}T08:00`;
  const index = slots.findIndex((time) => `${DAY}T${time}` === at);
  const step = (i: number) => {
    const time = slots[i];
    return time ? { at: `${DAY}T${time}`, takenAt: still(time).takenAt, adjacent: true } : null;
  };
  const shown = still(slots[index] ?? "08:00");
  return {
    still: shown,
    missing: false,
    day: DAY,
    month: DAY.slice(0, 7),
    range: { first: `${DAY}T08:00`, last: `${DAY}T14:30` },
    dayStills: slots.map((time) => ({ id: still(time).id, at: still(time).at, takenAt: "" })),
    hourStills: [shown],
    monthDays: [DAY],
    monthStrips: [],
    picks: { sunset: null, best: null },
    sunsets: {},
    previous: step(index - 1),
    next: step(index + 1),
    jumps: { yesterday: `2026-11-21T${slots[index]}`, weekAgo: null, yearAgo: null },
    compareWith: { yesterday: `2026-11-21T${slots[index]}`, weekAgo: null, yearAgo: null },
    comparison: null,
  };
}

function Archive() {
  const page = useLoaderData<typeof loader>();
  const nav = useStillNavigation(page);
  const navigate = useNavigate();
  return (
    <main>
      <p>{`At ${page.still?.at.slice(11)}`}</p>
      {page.previous ? (
        <Link to={nav.href(page.previous.at)} rel="prev">
          Earlier
        </Link>
      ) : null}
      {page.next ? (
        <Link to={nav.href(page.next.at)} rel="next">
          Later
        </Link>
      ) : null}
      <input
        aria-label="Time of day"
        type="range"
        min={0}
        max={page.dayStills.length - 1}
        value={nav.scrubbed}
        onChange={(event) => nav.scrub(Number(event.currentTarget.value))}
      />
      <output>{nav.scrubbedStill?.at.slice(11)}</output>
      <input aria-label="Search" type="text" />
      <ul aria-label="Hours">
        {nav.hours.map(({ hour, label, first, current }) =>
          first ? (
            <li key={hour}>
              <Link to={nav.href(first.at)} aria-current={current ? "true" : undefined}>
                {label}
              </Link>
            </li>
          ) : null,
        )}
      </ul>
      {nav.missingJumps ? <p>Some comparisons are unavailable</p> : null}
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </main>
  );
}

const Stub = createRoutesStub([
  { path: "/en/archive", Component: Archive, loader, HydrateFallback: () => null },
  { path: "/en", Component: () => <p>Home</p> },
]);

function visit(at: string) {
  const i18n = setupI18n({ locale: "en", messages: { en: {} } });
  render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={["/en", `/en/archive?at=${DAY}T${at}`]} initialIndex={1} />
    </I18nProvider>,
  );
  return screen.findByText(`At ${at}`);
}

const key = (key: string, options: KeyboardEventInit = {}) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key, ...options });

/** The hook listens from its effect on, which React may run after the page shows: wait for it. */
const firstStep = (name: string) => waitFor(() => expect(key(name), "taken").toBe(false));

test("← and → follow the step links, and the scrubber follows them", async () => {
  await visit("08:10");
  await firstStep("ArrowRight");
  await screen.findByText("At 08:20");
  await waitFor(() => expect((screen.getByRole("slider") as HTMLInputElement).value).toBe("2"));
  key("ArrowLeft");
  await screen.findByText("At 08:10");
  key("ArrowLeft");
  await screen.findByText("At 08:00");
  expect(key("ArrowLeft"), "nowhere to go").toBe(true);
});

test("a text field keeps its arrows, and Alt+← stays the browser's Back", async () => {
  await visit("08:00");
  await firstStep("ArrowRight");
  await screen.findByText("At 08:10");
  screen.getByRole("textbox", { name: "Search" }).focus();
  expect(key("ArrowRight"), "not taken").toBe(true);
  document.body.focus();
  expect(key("ArrowLeft", { altKey: true }), "not taken").toBe(true);
  expect(key("ArrowLeft"), "taken").toBe(false);
  await screen.findByText("At 08:00");
});

test("the scrubber moves at once, and the page follows without an entry per step", async () => {
  await visit("08:00");
  const slider = screen.getByRole("slider");
  fireEvent.change(slider, { target: { value: "3" } });
  expect(screen.getByRole("status").textContent).toBe("09:00");
  await screen.findByText("At 09:00");
  fireEvent.change(slider, { target: { value: "4" } });
  await screen.findByText("At 14:30");
  fireEvent.click(screen.getByRole("button", { name: "Back" }));
  await screen.findByText("Home");
});

test("each hour with pictures leads to its first, the shown still's hour marked", async () => {
  await visit("08:20");
  const hours = within(screen.getByRole("list", { name: "Hours" })).getAllByRole("link");
  expect(hours.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
    ["8 AM", `/en/archive?at=${DAY}T08:00`],
    ["9 AM", `/en/archive?at=${DAY}T09:00`],
    ["2 PM", `/en/archive?at=${DAY}T14:30`],
  ]);
  expect(hours.map((link) => link.getAttribute("aria-current"))).toEqual(["true", null, null]);
  expect(screen.getByText("Some comparisons are unavailable")).toBeTruthy();
});
