import { describe, expect, it } from "vitest";
import { networkKey } from "./network-key";

describe("networkKey", () => {
  it("keeps an IPv4 address, reads an IPv4-mapped IPv6 address as IPv4, and groups IPv6 by its /64", () => {
    expect(networkKey("203.0.113.7")).toBe("203.0.113.7");
    expect(networkKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(networkKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(networkKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(networkKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(networkKey("not an address")).toBe("not an address");
  });
});
