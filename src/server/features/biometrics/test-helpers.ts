import { ORIGIN, type TestApp } from "../../test/harness";

/** Uploads a device export as the page does: one multipart field `file`. */
export function uploadExport(t: TestApp, cookie: string | undefined, bytes: Buffer, filename = "export.zip", field = "file") {
  const boundary = `----mindprint${crypto.randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return t.app.inject({
    method: "POST",
    url: "/api/biometrics/imports",
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { origin: ORIGIN, "content-type": `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
  });
}
