import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ORIGIN, signIn, type TestApp } from "../test/harness";
import { negotiateEncoding } from "./compress-small";

describe("negotiateEncoding", () => {
  it("prefers Brotli, honours q-values, q=0 and *, and knows x-gzip", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip, deflate")).toBe("gzip");
    expect(negotiateEncoding("x-gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip;q=0")).toBeNull();
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("*, br;q=0")).toBe("gzip");
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding("")).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe("the API's JSON answers", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signIn(t, "compress@example.com");
    for (let i = 0; i < 12; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/memories",
        payload: { content: `The summer we spent at the lake, day ${i}, swimming until the sun went down behind the pines.`, emotion: "Joy" },
        headers: { origin: ORIGIN, cookie },
      });
      expect(response.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  const page = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/api/memories?limit=50", headers: { cookie, ...headers } });

  it("go out whole and compressed as the client asks, with a length and Vary", async () => {
    const plain = await page({});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const expected = plain.json();
    expect(expected.total).toBe(12);

    const br = await page({ "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    expect(br.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString("utf8"))).toEqual(expected);

    const gzip = await page({ "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString("utf8"))).toEqual(expected);
  });

  it("leave small answers and refusals of compression alone", async () => {
    const small = await t.app.inject({ method: "GET", url: "/api/memories?limit=1", headers: { cookie, "accept-encoding": "br" } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    const refused = await page({ "accept-encoding": "br", "x-no-compression": "1" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.json().total).toBe(12);
  });
});
