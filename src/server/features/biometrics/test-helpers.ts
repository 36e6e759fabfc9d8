import type { TestApp } from "../../test/harness";
import { postFile } from "../../test/multipart";

/** Uploads a device export as the page does: one multipart field `file`. */
export function uploadExport(t: TestApp, cookie: string | undefined, bytes: Buffer, filename = "export.zip", field = "file") {
  return postFile(t, cookie, "/api/biometrics/imports", bytes, { field, filename, contentType: "application/octet-stream" });
}
