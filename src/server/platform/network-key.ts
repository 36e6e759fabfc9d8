import ipaddr from "ipaddr.js";

/**
 * The part of a client's address one person controls, for per-address limits: an IPv4 address as it is (an
 * IPv4-mapped IPv6 address read as IPv4), an IPv6 address by its /64 network, since anyone given an IPv6 network has
 * 2^64 addresses to rotate through.
 */
export function networkKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  return `${address.toNormalizedString().split(":").slice(0, 4).join(":")}::/64`;
}
