import { describe, expect, test } from "vitest";
import { countedPage, referrerHost, visitorLanguage } from "./page-view";

describe("countedPage", () => {
  test("counts every language's version of a page under its language-free path", () => {
    expect(countedPage("/")).toBe("/");
    expect(countedPage("/en")).toBe("/");
    expect(countedPage("/it/about")).toBe("/about");
    expect(countedPage("/privacy/")).toBe("/privacy");
  });

  test("counts a gallery item as the gallery and any other address as one 'other' page", () => {
    expect(countedPage("/fr/gallery/abc123")).toBe("/gallery");
    expect(countedPage("/no-such-page")).toBe("*");
    expect(countedPage("/admin")).toBe("*");
  });
});

describe("referrerHost", () => {
  test("keeps another site's host without www, and drops this site's own", () => {
    expect(referrerHost("www.Example.org", "lake.test")).toBe("example.org");
    expect(referrerHost("lake.test", "lake.test")).toBeNull();
    expect(referrerHost("www.lake.test", "lake.test")).toBeNull();
    expect(referrerHost(undefined, "lake.test")).toBeNull();
  });
});

describe("visitorLanguage", () => {
  test("takes the primary subtag of the first language the browser prefers", () => {
    expect(visitorLanguage("de-CH,de;q=0.9,en;q=0.8")).toBe("de");
    expect(visitorLanguage("en")).toBe("en");
    expect(visitorLanguage("*")).toBe("");
    expect(visitorLanguage(null)).toBe("");
  });
});
