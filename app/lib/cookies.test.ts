import { describe, expect, it } from "vitest";
import { cookieNames, readCookie } from "./cookies";

describe("cookies", () => {
  it("reads one cookie's value, '=' included", () => {
    expect(readCookie("lang=de; admin_session=a.b=c", "admin_session")).toBe("a.b=c");
    expect(readCookie("lang=de", "admin_session")).toBeNull();
    expect(readCookie(null, "lang")).toBeNull();
  });

  it("names every cookie a request carries", () => {
    expect(cookieNames("lang=de; admin_device=x;")).toEqual(["lang", "admin_device"]);
    expect(cookieNames(null)).toEqual([]);
  });
});
