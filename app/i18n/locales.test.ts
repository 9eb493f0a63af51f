import { describe, expect, test } from "vitest";
import {
  localeFromPath,
  localizePath,
  negotiateLocale,
  pagePath,
  readLocaleCookie,
  requestLocale,
  stripLocale,
} from "./locales.ts";

describe("locale paths", () => {
  test("German has no prefix, the others do", () => {
    expect(localeFromPath("/")).toBe("de");
    expect(localeFromPath("/about")).toBe("de");
    expect(localeFromPath("/en")).toBe("en");
    expect(localeFromPath("/fr/gallery")).toBe("fr");
    expect(localeFromPath("/de/about")).toBe("de");
    expect(localeFromPath("/english/about")).toBe("de");
  });

  test("switching keeps the page", () => {
    expect(localizePath("/en/about", "it")).toBe("/it/about");
    expect(localizePath("/en", "de")).toBe("/");
    expect(localizePath("/", "es")).toBe("/es");
    expect(localizePath("/privacy", "fr")).toBe("/fr/privacy");
    expect(stripLocale("/es/terms")).toBe("/terms");
  });
});

describe("locale negotiation", () => {
  test("picks the best supported language by q-value", () => {
    expect(negotiateLocale("nl-NL,nl;q=0.9,fr;q=0.8,en;q=0.7")).toBe("fr");
    expect(negotiateLocale("en-GB;q=0.5, it-IT")).toBe("it");
    expect(negotiateLocale("ja,zh")).toBeNull();
    expect(negotiateLocale(null)).toBeNull();
  });

  test("reads only a valid language cookie", () => {
    expect(readLocaleCookie("theme=x; lang=es")).toBe("es");
    expect(readLocaleCookie("lang=xx")).toBeNull();
  });
});

describe("the locale of a request", () => {
  const at = (url: string, headers: Record<string, string> = {}) =>
    requestLocale(new URL(url, "https://lake.test"), new Headers(headers));

  test("pages and their client-side data requests take it from the path", () => {
    expect(at("/en/admin.data")).toBe("en");
    expect(at("/fr.data")).toBe("fr");
    expect(at("/_.data", { Cookie: "lang=en" })).toBe("de");
    expect(pagePath("/en/admin.data")).toBe("/en/admin");
    expect(pagePath("/_.data")).toBe("/");
    expect(pagePath("/it/_.data")).toBe("/it");
  });

  test("the API takes ?lang=, then the cookie, then the browser's languages", () => {
    expect(at("/api/x?lang=it", { Cookie: "lang=fr" })).toBe("it");
    expect(at("/api/x", { Cookie: "lang=fr", "Accept-Language": "es" })).toBe("fr");
    expect(at("/api/x", { "Accept-Language": "es" })).toBe("es");
    expect(at("/api/x")).toBe("de");
  });
});
