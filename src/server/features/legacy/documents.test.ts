import { randomBytes } from "node:crypto";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { legacyMessages, type ReleaseStatus } from "../../../contract";
import { createTestApp, get, newUser, ORIGIN, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";

// Legacy, part 2 (issue 16): a document attached to a death report is kept privately for the owner's executors (and
// the contact who uploaded it, and the owner).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = { cookie: string; contactId: string };
/** A real one-page PDF (catalogue, page tree, a page with a text stream), as small as one can be. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R>>endobj\n" +
    "4 0 obj<</Length 36>>stream\nBT /F1 12 Tf 20 100 Td (Died) Tj ET\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

function upload(p: Person, bytes: Buffer, filename = "certificate.pdf", field = "document") {
  const boundary = `----mindprint${crypto.randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return t.app.inject({
    method: "POST",
    url: `/api/legacy/named-me/${p.contactId}/documents`,
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { origin: ORIGIN, cookie: p.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}
const documentsOf = async (p: Person) => (await get(t, "/api/legacy/named-me", p.cookie)).json().namedBy[0].documents as { id: string; filename: string }[];

describe("documents attached to a death report", () => {
  it("are accepted only once a death is reported, only as a real PDF, JPEG or PNG, and kept for the executors, the uploader and the owner", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "docs.owner", ["executor", "contact", "contact"]);
    const [executor, uploader, other] = contacts as [Person, Person, Person];
    const early = await upload(uploader, PDF);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(legacyMessages.documentWhen);

    expect((await send(t, "POST", `/api/legacy/named-me/${uploader.contactId}/death-report`, { note: "" }, uploader.cookie)).statusCode).toBe(200);
    const text = await upload(uploader, Buffer.from("This is a letter, not a scan."), "letter.pdf");
    expect(text.statusCode).toBe(400);
    expect(text.json().error.fields).toEqual({ document: legacyMessages.documentType });
    const wrongField = await upload(uploader, PDF, "certificate.pdf", "file");
    expect(wrongField.json().error.fields).toEqual({ document: legacyMessages.documentRequired });
    const huge = await upload(uploader, Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe(legacyMessages.documentTooLarge);
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM legacy_documents WHERE user_id = $1`, [owner.id])).rows[0].n).toBe(0);

    const saved = await upload(uploader, PDF, "../../Death certificate <Mum>.pdf");
    expect(saved.statusCode).toBe(201);
    const { document } = saved.json();
    expect(document).toMatchObject({ filename: "Death certificate Mum.pdf", contentType: "application/pdf", size: PDF.length, uploadedBy: "docs.owner contact 1" });

    // Who sees it: the executor and the uploader, not another contact.
    expect((await documentsOf(executor)).map((d) => d.id)).toEqual([document.id]);
    expect((await documentsOf(uploader)).map((d) => d.id)).toEqual([document.id]);
    expect(await documentsOf(other)).toEqual([]);
    const bytes = await get(t, `/api/legacy/named-me/${executor.contactId}/documents/${document.id}`, executor.cookie);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers["content-type"]).toBe("application/pdf");
    expect(bytes.headers["content-disposition"]).toBe('attachment; filename="Death certificate Mum.pdf"');
    expect(bytes.rawPayload.equals(PDF)).toBe(true);
    expect((await get(t, `/api/legacy/named-me/${other.contactId}/documents/${document.id}`, other.cookie)).statusCode).toBe(404);

    // The owner sees what was sent about them.
    const status = (await get(t, "/api/legacy/release", owner.cookie)).json() as ReleaseStatus;
    expect(status.documents.map((d) => d.id)).toEqual([document.id]);
    expect((await get(t, `/api/legacy/documents/${document.id}`, owner.cookie)).rawPayload.equals(PDF)).toBe(true);

    // Nobody else: another owner, a stranger through the executor's row, a made-up id.
    const stranger = await newUser(t, "docs.stranger@example.com");
    expect((await get(t, `/api/legacy/documents/${document.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await get(t, `/api/legacy/named-me/${executor.contactId}/documents/${document.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await get(t, `/api/legacy/named-me/${executor.contactId}/documents/00000000-0000-4000-8000-000000000000`, executor.cookie)).statusCode).toBe(404);
  });
});

/** A multipart body as a browser would send it, with the parts given; `cut` ends it part way through the last. */
function rawUpload(p: Person, files: Array<{ bytes: Buffer; filename: string }>, cut?: number) {
  const boundary = `----mindprint${crypto.randomUUID()}`;
  const body = Buffer.concat([
    ...files.flatMap((f) => [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`), f.bytes, Buffer.from("\r\n")]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: "POST",
    url: `/api/legacy/named-me/${p.contactId}/documents`,
    payload: cut === undefined ? body : body.subarray(0, cut),
    headers: { origin: ORIGIN, cookie: p.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

describe("a document's upload (issue 31, finding 6)", () => {
  const png = () => {
    const image = new PNG({ width: 64, height: 48 });
    image.data.fill(180);
    return PNG.sync.write(image);
  };
  const jpg = () => Buffer.from(jpeg.encode({ data: Buffer.alloc(64 * 48 * 4, 90), width: 64, height: 48 }, 85).data);

  it("is decoded for real: noise behind the magic bytes is refused, a real PDF, PNG and JPEG are kept, an image too large to decode is refused unread", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "decode.owner", ["contact"]);
    const [uploader] = contacts as [Person];
    expect((await send(t, "POST", `/api/legacy/named-me/${uploader.contactId}/death-report`, { note: "" }, uploader.cookie)).statusCode).toBe(200);

    for (const [bytes, name] of [
      [Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(64 * 1024)]), "noise.pdf"],
      [Buffer.concat([png().subarray(0, 33), randomBytes(4096)]), "noise.png"],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4096)]), "noise.jpg"],
      [jpg().subarray(0, 300), "cut.jpg"],
    ] as const) {
      const answer = await upload(uploader, bytes, name);
      expect(answer.statusCode, name).toBe(400);
      expect(answer.json().error).toMatchObject({ code: "validation_failed", message: legacyMessages.documentUnreadable, fields: { document: legacyMessages.documentUnreadable } });
    }
    // A PNG whose header claims 20,000 × 20,000 pixels (1.6 GB decoded) is refused before anything is inflated.
    const huge = png();
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    expect((await upload(uploader, huge, "huge.png")).json().error.message).toBe(legacyMessages.documentTooManyPixels);
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM legacy_documents WHERE user_id = $1`, [owner.id])).rows[0].n).toBe(0);

    for (const [bytes, name, type] of [
      [PDF, "letter.pdf", "application/pdf"],
      [png(), "scan.png", "image/png"],
      [jpg(), "photo.jpg", "image/jpeg"],
    ] as const) {
      const answer = await upload(uploader, bytes, name);
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json().document).toMatchObject({ filename: name, contentType: type, size: bytes.length });
    }
  });

  it("answers multipart that breaks off, and a second file, with a 400 in the envelope, keeping nothing", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "multipart.owner", ["contact"]);
    const [uploader] = contacts as [Person];
    expect((await send(t, "POST", `/api/legacy/named-me/${uploader.contactId}/death-report`, { note: "" }, uploader.cookie)).statusCode).toBe(200);

    const large = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(300 * 1024, 0x20)]);
    const cut = await rawUpload(uploader, [{ bytes: large, filename: "certificate.pdf" }], 200 * 1024);
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ error: { code: "validation_failed", message: legacyMessages.documentIncomplete, fields: { document: legacyMessages.documentIncomplete } } });

    const two = await rawUpload(uploader, [
      { bytes: PDF, filename: "one.pdf" },
      { bytes: PDF, filename: "two.pdf" },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ error: { code: "validation_failed", message: legacyMessages.documentOneOnly, fields: { document: legacyMessages.documentOneOnly } } });

    const garbage = await t.app.inject({
      method: "POST",
      url: `/api/legacy/named-me/${uploader.contactId}/documents`,
      payload: "not multipart at all",
      headers: { origin: ORIGIN, cookie: uploader.cookie, "content-type": "multipart/form-data; boundary=x" },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.code).toBe("validation_failed");
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM legacy_documents WHERE user_id = $1`, [owner.id])).rows[0].n).toBe(0);
  });
});
