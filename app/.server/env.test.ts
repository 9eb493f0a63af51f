import { describe, expect, test } from "vitest";
import { getConfig } from "./env";

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
  ADMIN_PASSWORD: "a-long-password",
  SESSION_SECRET: "x".repeat(32),
  CAMERA_DEVICE_ID: "cam-1",
  CAMERA_DEVICE_SECRET: "y".repeat(32),
};

describe("worker configuration", () => {
  test("parses vars into typed values", () => {
    const config = getConfig({ ...valid } as unknown as Env);
    expect(config.CAMERA_LATITUDE).toBe(45.61);
    expect(config.STREAM_SESSION_SECONDS).toBe(60);
  });

  test("names every missing or malformed secret", () => {
    const { SESSION_SECRET: _, ...withoutSecret } = valid;
    const env = { ...withoutSecret, ADMIN_PASSWORD: "short" } as unknown as Env;
    expect(() => getConfig(env)).toThrowError(
      /ADMIN_PASSWORD: secret ADMIN_PASSWORD must be at least 12 characters[\s\S]*SESSION_SECRET: secret SESSION_SECRET is missing/,
    );
  });
});
