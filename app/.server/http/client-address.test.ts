import { expect, test } from "vitest";
import { clientNetwork } from "./client-address.ts";

const from = (address?: string) =>
  clientNetwork(
    new Request("https://lake.test/", {
      headers: address ? { "CF-Connecting-IP": address } : {},
    }),
  );

test("IPv4 clients are counted by their address", () => {
  expect(from("203.0.113.7")).toBe("203.0.113.7");
  expect(from()).toBe("local");
});

test("IPv6 clients are counted by their /64, however the address is written", () => {
  const network = "2001:db8:85a3:8d3::/64";
  expect(from("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe(network);
  expect(from("2001:0db8:85a3:08d3::1")).toBe(network);
  expect(from("2001:DB8:85A3:8D3:ffff:ffff:ffff:ffff")).toBe(network);
  expect(from("2001:db8:85a3:8d4::1")).not.toBe(network);
  expect(from("2001:db8::1")).toBe("2001:db8:0:0::/64");
  expect(from("::1")).toBe("0:0:0:0::/64");
});
