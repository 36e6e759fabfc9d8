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
const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(2048, 0x20), Buffer.from("\n%%EOF\n")]);

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
