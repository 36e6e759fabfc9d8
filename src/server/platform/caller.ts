import type { FastifyReply, FastifyRequest } from "fastify";
import { networkKey } from "./network-key";

/** The one thing a service may do with a logger. */
export interface ErrorLog {
  error(details: object, message: string): void;
}

/** What a service may know about the request in front of it: plain values, never the web framework's objects. */
export interface Caller {
  /** The client's address as TRUST_PROXY decides it. */
  ip: string;
  /** What per-address limits count: the address, or an IPv6 client's /64 network (platform/network-key.ts). */
  network: string;
  /** The request's headers as a Fetch `Headers`, which Better Auth's API expects. */
  headers: Headers;
  log: ErrorLog;
}

export function callerOf(request: FastifyRequest): Caller {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  return { ip: request.ip, network: networkKey(request.ip), headers, log: request.log };
}

/** A service's answer together with the cookies the route must set (sessions, OAuth state). */
export interface WithCookies<T> {
  answer: T;
  setCookies: string[];
}

/** Sends the cookies a service asked for. */
export function sendCookies(reply: FastifyReply, setCookies: string[]): void {
  if (setCookies.length > 0) reply.header("set-cookie", setCookies);
}
