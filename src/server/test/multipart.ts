import { ORIGIN, type TestApp } from "./harness";

/** Posts one file as a browser's form would (multipart), after any text fields. */
export function postFile(
  t: TestApp,
  cookie: string | undefined,
  url: string,
  bytes: Buffer,
  file: { field: string; filename: string; contentType: string },
  fields: Record<string, string> = {},
) {
  const boundary = `----mindprint${crypto.randomUUID()}`;
  const texts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("");
  const head = `${texts}--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`;
  return t.app.inject({
    method: "POST",
    url,
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { origin: ORIGIN, "content-type": `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
  });
}
