import type { APIRequestContext, Page } from "@playwright/test";
import { sendStill } from "./box-still.ts";
import { expect, expectNoAxeViolations, hydrated, locales, localized, test } from "./fixtures.ts";

const panelTitle = {
  de: "Wetter in Torri del Benaco",
  en: "Weather in Torri del Benaco",
  it: "Meteo a Torri del Benaco",
  fr: "Météo à Torri del Benaco",
  es: "El tiempo en Torri del Benaco",
} as const;

const expected = {
  de: [
    "Aufgelockerte Bewölkung",
    "Leichter Regen",
    "95,3 cm",
    "64,98 m über dem Meeresspiegel",
    "Wetterdaten von Open-Meteo.com",
  ],
  en: [
    "Scattered clouds",
    "Light rain",
    "95.3 cm",
    "64.98 m above sea level",
    "Weather data by Open-Meteo.com",
  ],
  it: [
    "Nubi sparse",
    "Pioggia debole",
    "95,3 cm",
    "64,98 m s.l.m.",
    "Dati meteo di Open-Meteo.com",
  ],
  fr: [
    "Nuages épars",
    "Pluie légère",
    "95,3 cm",
    "64,98 m d'altitude",
    "Données météo : Open-Meteo.com",
  ],
  es: [
    "Nubes dispersas",
    "Lluvia ligera",
    "95,3 cm",
    "64,98 m sobre el nivel del mar",
    "Datos meteorológicos de Open-Meteo.com",
  ],
} as const;

/** The preview has no cron of its own. */
async function refreshNow(request: APIRequestContext) {
  const started = Date.now();
  expect((await request.get("/cdn-cgi/handler/scheduled?cron=*/10+*+*+*+*")).ok()).toBe(true);
  await expect
    .poll(async () => {
      const body = await (await request.get("/api/weather")).json();
      return Date.parse(body.weather?.fetchedAt ?? "") >= started - 1000;
    })
    .toBe(true);
}

function panel(page: Page, locale: keyof typeof panelTitle) {
  return page.getByRole("region", { name: panelTitle[locale] });
}

test.beforeEach(async ({ request }) => {
  await refreshNow(request);
});

test.describe("on a 1366 px screen", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("the home picture says its time and the weather at that moment", async ({
    strictPage: page,
    baseURL,
  }) => {
    // A still that arrives while the weather is current keeps it, as the box's do.
    await sendStill(baseURL ?? "", "night", Date.now());
    await page.goto("/en");
    const badge = page.locator("section#live").getByText(/^Image from/);
    await expect(badge).toHaveText(/^Image from .+ · .*\d+°C$/);
  });
});

test("the weather panel in five languages, with units and measurement times", async ({
  strictPage: page,
}) => {
  for (const locale of locales) {
    await page.goto(localized("/", locale));
    await hydrated(page);
    const weather = panel(page, locale);
    for (const text of expected[locale]) await expect(weather, locale).toContainText(text);
    await expect(weather).toContainText(/24\s?°C/);
    await expect(weather).toContainText("km/h");
    await expect(weather).toContainText("1015 hPa");
    await expect(weather).toContainText(/21[.,]4\s?°C/); // water, north
    await expect(weather.getByRole("status")).toHaveText("");
    await expect(weather.getByRole("link", { name: expected[locale][4] })).toHaveAttribute(
      "href",
      "https://open-meteo.com/",
    );
  }
});

test.describe("while our server cannot be reached", () => {
  test.use({ expectedStatuses: [503] });

  test("an open tab goes stale, then unavailable, and recovers on retry", async ({
    strictPage: page,
  }) => {
    await page.clock.install();
    await page.goto("/en");
    await hydrated(page);
    const weather = panel(page, "en");
    await expect(weather.getByText("Scattered clouds").first()).toBeVisible();

    await page.route("**/api/weather", (route) => route.fulfill({ status: 503, body: "" }));
    await page.clock.fastForward("40:00");
    await expect(weather.getByRole("status")).toHaveText("Data might be stale");
    await expect(weather.getByText("Scattered clouds").first()).toBeVisible();

    await page.clock.fastForward("06:00:00");
    await expect(weather.getByRole("status")).toHaveText("Weather not available");
    await expect(weather.getByText("Scattered clouds")).toHaveCount(0);
    await expect(weather).toContainText("95.3 cm"); // lake data have their own threshold

    // Retry while it is still away: the panel says so, politely, rather than nothing.
    await weather.getByRole("button", { name: "Retry" }).click();
    await expect(weather.getByRole("status")).toHaveText(
      "The weather is still not available. Please try again later.",
    );
    await expect(weather.getByRole("button", { name: "Retry" })).toBeFocused();
    await expectNoAxeViolations(page, { include: 'section[aria-labelledby="weather-title"]' });

    // Our server is back: its clock says the data are fresh, whatever this tab's clock says.
    await page.unroute("**/api/weather");
    await weather.getByRole("button", { name: "Retry" }).click();
    await expect(weather.getByText("Scattered clouds").first()).toBeVisible();
    await expect(weather.getByRole("status")).toHaveText("");
  });
});
