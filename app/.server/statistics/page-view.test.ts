import { describe, expect, test } from "vitest";
import { countedPage, referrerHost, visitorLanguage } from "./page-view.ts";

describe("countedPage", () => {
  test("counts every language's version of a page under its language-free path", () => {
    expect(countedPage("/")).toBe("/");
    expect(countedPage("/en")).toBe("/");
    expect(countedPage("/it/about")).toBe("/about");
    expect(countedPage("/privacy/")).toBe("/privacy");
  });

  test("counts a gallery item as the gallery, and knows no other address", () => {
    expect(countedPage("/fr/gallery/abc123")).toBe("/gallery");
    expect(countedPage("/gallery/a")).toBeNull();
    expect(countedPage("/gallery/abc123/more")).toBeNull();
    expect(countedPage("/no-such-page")).toBeNull();
    expect(countedPage("/de/about")).toBeNull();
    expect(countedPage("/admin")).toBeNull();
  });
});

describe("referrerHost", () => {
  test("keeps another site's host without www, and tells this site's own apart", () => {
    expect(referrerHost("www.Example.org", "lake.test")).toBe("example.org");
    expect(referrerHost("lake.test", "lake.test")).toBe("own");
    expect(referrerHost("www.lake.test", "lake.test")).toBe("own");
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
