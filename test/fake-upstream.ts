// Recorded weather payloads replayed as today: /{tag}/{scenario}/{source}; /__calls/{tag} counts.
// Cloudflare's cache purge: /{tag}/{scenario}/cloudflare/…; /__purges/{tag} lists the bodies taken.
import { readFileSync } from "node:fs";
import { addDays } from "#time/calendar-day.ts";
import { LAKE_TIME_ZONE, lakeDate } from "#time/lake-time.ts";
import { fakeAi } from "./fake-ai.ts";

export type FakeReply = { status: number; contentType: string; body: string; delayMs?: number };

const sources = ["open-meteo", "openweathermap", "laghi-net", "appa-trento"] as const;
type Source = (typeof sources)[number];

const RECORDED = "2025-06-10";
const DAY_MS = 86_400_000;
const SLOW_MS = 3000;

const fixtures: Record<Source, string> = {
  "open-meteo": fixture("open-meteo.json"),
  openweathermap: fixture("openweathermap.json"),
  "laghi-net": fixture("laghi-net.json"),
  "appa-trento": fixture("appa-trento.html"),
};

function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
}

const calls = new Map<string, Source[]>();
const purges = new Map<string, unknown[]>();

export function fakeUpstream(url: URL, now: number, body = ""): FakeReply {
  const [tag = "", scenario = "", source = ""] = url.pathname.split("/").slice(1);
  if (tag === "__calls") return json(200, calls.get(scenario) ?? []);
  if (tag === "__purges") return json(200, purges.get(scenario) ?? []);
  if (source === "ai") return fakeAi(scenario, body);
  if (source === "cloudflare") {
    purges.set(tag, [...(purges.get(tag) ?? []), JSON.parse(body)]);
    if (scenario === "http-429") return json(429, { success: false, errors: [{ code: 971 }] });
    return json(200, { success: true, errors: [], messages: [], result: { id: "purge" } });
  }
  if (!isSource(source)) return json(404, { error: `no fake for ${url.pathname}` });
  calls.set(tag, [...(calls.get(tag) ?? []), source]);

  switch (scenario) {
    case "http-500":
      return { status: 500, contentType: "text/plain", body: "Internal Server Error" };
    case "garbage":
      return { status: 200, contentType: "application/json", body: '{"temperature": 24.3, "curr' };
    case "html":
      return {
        status: 200,
        contentType: "text/html",
        body: "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>",
      };
    case "unexpected":
      return json(200, {
        error: true,
        reason: "Cannot initialize WeatherVariable from invalid String",
      });
    case "slow":
      return { ...replay(source, url, now), delayMs: SLOW_MS };
    case "ok":
      return replay(source, url, now);
    default:
      return json(404, { error: `unknown scenario ${scenario}` });
  }
}

function isSource(value: string): value is Source {
  return (sources as readonly string[]).includes(value);
}

function json(status: number, body: unknown): FakeReply {
  return { status, contentType: "application/json", body: JSON.stringify(body) };
}

function replay(source: Source, url: URL, now: number): FakeReply {
  const today = lakeDate(now);
  const days = Math.round((Date.parse(today) - Date.parse(RECORDED)) / DAY_MS);
  switch (source) {
    case "open-meteo": {
      const body = JSON.parse(shiftDates(fixtures[source], days));
      body.current.time = `${today}T${lakeClock(now - (now % (15 * 60_000)))}`;
      return json(200, body);
    }
    case "openweathermap": {
      if (!url.searchParams.get("appid")) {
        return json(401, {
          cod: 401,
          message:
            "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.",
        });
      }
      const recording: Recording = JSON.parse(fixtures[source]);
      return json(200, shiftUnixTimes(recording, days, now));
    }
    // Lake data are published once a day: replay them as measured yesterday.
    case "laghi-net":
      return {
        status: 200,
        contentType: "application/json",
        body: shiftDates(fixtures[source], days - 1),
      };
    case "appa-trento": {
      const yesterday = addDays(RECORDED, days - 1);
      const [y, m, d] = yesterday.split("-");
      return {
        status: 200,
        contentType: "text/html; charset=utf-8",
        body: fixtures[source].replaceAll("10\\/06\\/2025", `${d}\\/${m}\\/${y}`),
      };
    }
  }
}

function shiftDates(text: string, days: number): string {
  return text.replace(/\d{4}-\d{2}-\d{2}/g, (date) => addDays(date, days));
}

type Recording = { current: { dt: number } } & Record<string, unknown>;

/** Moves every time by whole days (local times of day stay) and the current reading to now. */
function shiftUnixTimes(recording: Recording, days: number, now: number): unknown {
  const shift = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(shift);
    if (!value || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [
        key,
        ["dt", "sunrise", "sunset", "moonrise", "moonset"].includes(key) && typeof v === "number"
          ? v + days * 86_400
          : shift(v),
      ]),
    );
  };
  // The current reading's time is "now", minus the shift that is applied to it below.
  const current = { ...recording.current, dt: Math.floor(now / 600_000) * 600 - days * 86_400 };
  return shift({ ...recording, current });
}

function lakeClock(instant: number): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: LAKE_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);
}
