import { describe, expect, test } from "vitest";
import { getConfig } from "./env.ts";

const valid = {
  SITE_URL: "https://lake.test",
  OWNER_NAME: "Owner",
  OWNER_EMAIL: "owner@lake.test",
  OWNER_STREET: "Via 1",
  OWNER_POSTAL_CITY: "37010 Torri",
  OWNER_COUNTRY: "Italia",
  CAMERA_LOCATION: "Torri del Benaco",
  CAMERA_LATITUDE: "45.61",
  CAMERA_LONGITUDE: "10.68",
  SUPPORT_URL: "",
  OPEN_METEO_URL: "https://api.open-meteo.com/v1/forecast",
  OPENWEATHERMAP_URL: "https://api.openweathermap.org/data/3.0/onecall",
  LAGHI_NET_URL: "https://laghi.net/MappaConSegnaposti/BootWidgetData",
  LAGHI_NET_LAKE: "Garda",
  APPA_TRENTO_URL: "https://docs.google.com/spreadsheets/d/e/x/pubchart?oid=1",
  UPSTREAM_TIMEOUT_MS: "5000",
  ADMIN_PASSWORD: "a-long-password",
  SESSION_SECRET: "x".repeat(32),
  CAMERA_DEVICE_ID: "cam-1",
  CAMERA_DEVICE_SECRET: "y".repeat(32),
  CONTACT_EMAIL_TO: "owner@inbox.test",
  CONTACT_EMAIL_FROM: "contact-form@lake.test",
  CAMERA_ALERT_FROM: "camera@lake.test",
  CONTACT_DAILY_LIMIT: "50",
};

describe("worker configuration", () => {
  test("parses vars into typed values", () => {
    const config = getConfig({ ...valid } as unknown as Env);
    expect(config.CAMERA_LATITUDE).toBe(45.61);
    expect(config.STREAM_SESSION_SECONDS).toBe(60);
    expect(config.UPSTREAM_TIMEOUT_MS).toBe(5000);
    expect(config.OPENWEATHERMAP_API_KEY).toBeUndefined();
  });

  test("a media host without the zone and purge token is refused: removed files would stay cached", () => {
    const host = { ...valid, MEDIA_BASE_URL: "https://media.lake.test/" };
    expect(() => getConfig(host as unknown as Env)).toThrow(
      /MEDIA_BASE_URL: with MEDIA_BASE_URL set/,
    );
    const purging = { ...host, CLOUDFLARE_ZONE_ID: "a".repeat(32), CLOUDFLARE_PURGE_TOKEN: "t" };
    expect(getConfig(purging as unknown as Env).MEDIA_BASE_URL).toBe("https://media.lake.test");
    expect(getConfig({ ...valid } as unknown as Env).MEDIA_BASE_URL).toBe("");
  });

  test("an empty OpenWeatherMap key counts as none, so Open-Meteo stays the provider", () => {
    const config = getConfig({ ...valid, OPENWEATHERMAP_API_KEY: " " } as unknown as Env);
    expect(config.OPENWEATHERMAP_API_KEY).toBeUndefined();
  });

  test("names every missing or malformed secret", () => {
    const { SESSION_SECRET: _, ...withoutSecret } = valid;
    const env = { ...withoutSecret, ADMIN_PASSWORD: "short" } as unknown as Env;
    expect(() => getConfig(env)).toThrowError(
      /ADMIN_PASSWORD: secret ADMIN_PASSWORD must be at least 12 characters[\s\S]*SESSION_SECRET: secret SESSION_SECRET is missing/,
    );
  });

  test("names a contact form address that is not an e-mail address", () => {
    const env = { ...valid, CONTACT_EMAIL_TO: "the owner" } as unknown as Env;
    expect(() => getConfig(env)).toThrowError(
      /CONTACT_EMAIL_TO: CONTACT_EMAIL_TO must be an e-mail address/,
    );
  });
});
