import fs from "node:fs/promises";
import { createWriteStream } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import yazl from "yazl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { biometricMessages } from "../../../contract";
import { createTestApp, get, newUser, type TestApp } from "../../test/harness";
import { appleExportXml } from "../../test/synthetic-apple-export";
import { MAX_ENTRIES, MAX_UNPACKED_BYTES } from "./export-files";
import { ExportUnreadableError, readExport } from "./read-export";
import { fileBoundReasons, MAX_JSON_TOKENS, MAX_XML_MARKUP_CHARS, MAX_XML_NAME_CHARS, MAX_XML_VALUE_CHARS, ReaderBoundError, xmlBoundReasons } from "./reader-bounds";
import { uploadExport } from "./test-helpers";
import { createXmlBounds } from "./xml-bounds";

// Issue 31, findings 1 and 9: readers of device exports bound what they hold, and a bound passed ends the import with
// a reason, never a crash and never a silent "done".
let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "mindprint-bounds-"));
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function writeZip(name: string, fill: (zip: yazl.ZipFile) => void): Promise<string> {
  const file = path.join(dir, name);
  const zip = new yazl.ZipFile();
  fill(zip);
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
  return file;
}

/** Imports a file through the route and the job; answers the import as the page sees it, and the job's RSS growth. */
async function importFile(email: string, file: string) {
  const { cookie } = await newUser(t, email);
  const upload = await uploadExport(t, cookie, await fs.readFile(file));
  expect(upload.statusCode, upload.body).toBe(202);
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    await t.drainJobs();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  const row = (await get(t, `/api/biometrics/imports/${upload.json().import.id}`, cookie)).json().import;
  return { row, grewMb: (peak - before) / 1024 ** 2 };
}

/**
 * A zip written by hand, entries stored as they are (a null body is a folder), with a Zip64 end record since more than
 * 65,535 entries do not fit the classic one. (yazl lists its entries again for each one added: too slow for 100,000.)
 */
function storedZip(entries: ReadonlyArray<readonly [string, Buffer | null]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, body] of entries) {
    const nameBytes = Buffer.from(name);
    const data = body ?? Buffer.alloc(0);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(body ? 0 : 0x10, 38); // MS-DOS directory attribute
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, b) => sum + b.length, 0);
  const zip64End = Buffer.alloc(56);
  zip64End.writeUInt32LE(0x06064b50, 0);
  zip64End.writeBigUInt64LE(44n, 4);
  zip64End.writeUInt16LE(45, 12);
  zip64End.writeUInt16LE(45, 14);
  zip64End.writeBigUInt64LE(BigInt(entries.length), 24);
  zip64End.writeBigUInt64LE(BigInt(entries.length), 32);
  zip64End.writeBigUInt64LE(BigInt(centralSize), 40);
  zip64End.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + centralSize), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, zip64End, locator, end]);
}

const oneHeartRate = `<Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-01-01 08:00:00 +0000" endDate="2026-01-01 08:00:00 +0000" value="60"/>\n`;

describe("an Apple Health export that holds one huge attribute (the 0.4 MB zip of 400 MiB)", () => {
  it("ends failed with the reason, having held a few MB, not the attribute", async () => {
    // 400 MiB of one letter in one attribute of a real reading, between two ordinary readings: generated as a stream.
    function* xml() {
      yield `<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n${oneHeartRate}<Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-01-02 08:00:00 +0000" endDate="2026-01-02 08:00:00 +0000" value="61" note="`;
      const mib = Buffer.alloc(1024 * 1024, "a");
      for (let i = 0; i < 400; i++) yield mib;
      yield `"/>\n${oneHeartRate.replace(/2026-01-01/g, "2026-01-03")}</HealthData>\n`;
    }
    const file = await writeZip("attribute-bomb.zip", (zip) => zip.addReadStream(Readable.from(xml()), "apple_health_export/export.xml"));
    expect((await fs.stat(file)).size).toBeLessThan(1024 * 1024);

    const { row, grewMb } = await importFile("attribute.bomb@example.com", file);
    expect(row).toMatchObject({ status: "failed", error: biometricMessages.damaged(xmlBoundReasons.value), kept: 0, days: 0 });
    // Unbounded, the attribute alone is 400 MiB of string (and grew the process by 0.8 GB).
    expect(grewMb).toBeLessThan(150);
  });
});

describe("a zip with more entries than an import reads", () => {
  it("is refused for its folders too, before any entry is listed", async () => {
    // A real export beside one folder more than the limit: each folder is an entry to list, none a file.
    const file = path.join(dir, "folders.zip");
    const folders = Array.from({ length: MAX_ENTRIES + 1 }, (_, i) => `f/${i}/`);
    await fs.writeFile(file, storedZip([["apple_health_export/export.xml", Buffer.from([...appleExportXml({ days: 2, minutesPerReading: 60 })].join(""))], ...folders.map((name) => [name, null] as const)]));
    const { row } = await importFile("folder.bomb@example.com", file);
    expect(row).toMatchObject({ status: "failed", error: biometricMessages.unpacksTooLarge(MAX_UNPACKED_BYTES / 1024 ** 3, MAX_ENTRIES), kept: 0 });
  });
});

describe("the bounds of the other readers", () => {
  const reasonOf = async (file: string, name: string) => {
    const error = await readExport(file, name, () => {}, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExportUnreadableError);
    return (error as ExportUnreadableError).reason;
  };

  it("refuses a Fitbit JSON file with more values or deeper nesting than a device writes, before parsing it", async () => {
    const name = "Takeout/Fitbit/Global Export Data/heart_rate-2026-01-01.json";
    // ~9 MB of empty objects: under the byte bound, but 3 million objects for JSON.parse to build.
    const many = await writeZip("many.zip", (zip) => zip.addBuffer(Buffer.from(`[${"{},".repeat(MAX_JSON_TOKENS / 2)}{}]`), name));
    expect(await reasonOf(many, "takeout.zip")).toBe(fileBoundReasons.jsonTooComplex);
    const deep = await writeZip("deep.zip", (zip) => zip.addBuffer(Buffer.from(`${"[".repeat(100_000)}${"]".repeat(100_000)}`), name));
    expect(await reasonOf(deep, "takeout.zip")).toBe(fileBoundReasons.jsonTooComplex);
    const large = await writeZip("large.zip", (zip) => zip.addBuffer(Buffer.from(`["${"a".repeat(17 * 1024 * 1024)}"]`), name));
    expect(await reasonOf(large, "takeout.zip")).toBe(fileBoundReasons.jsonTooLarge);
    // The uploaded file alone, not in a zip.
    const single = path.join(dir, "heart_rate-2026-01-01.json");
    await fs.writeFile(single, `[${"[],".repeat(MAX_JSON_TOKENS / 2)}[]]`);
    expect(await reasonOf(single, "heart_rate-2026-01-01.json")).toBe(fileBoundReasons.jsonTooComplex);
  });

  it("measures names, comments, CDATA and whole tags in XML as they arrive, across pieces", () => {
    const failing = (pieces: string[]) => {
      const bounds = createXmlBounds();
      try {
        for (const piece of pieces) bounds.check(piece);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(ReaderBoundError);
        return (error as ReaderBoundError).reason;
      }
    };
    const ok = `<?xml version="1.0"?><HealthData><!-- a note --><Record a="1" b='2>3'/><![CDATA[x]]>text</HealthData>`;
    expect(failing([ok])).toBeNull();
    expect(failing(ok.split(""))).toBeNull();
    expect(failing([`<HealthData><${"R".repeat(MAX_XML_NAME_CHARS)}`, "R"])).toBe(xmlBoundReasons.name);
    expect(failing([`<HealthData><Record ${"k".repeat(MAX_XML_NAME_CHARS + 1)}="1"/>`])).toBe(xmlBoundReasons.name);
    expect(failing(["<HealthData>", "x".repeat(MAX_XML_VALUE_CHARS), "y"])).toBe(xmlBoundReasons.value);
    expect(failing(["<HealthData><![CDATA[", "x".repeat(MAX_XML_VALUE_CHARS + 1)])).toBe(xmlBoundReasons.value);
    expect(failing(["<HealthData><!--", "x".repeat(MAX_XML_MARKUP_CHARS)])).toBe(xmlBoundReasons.markup);
    expect(failing(["<HealthData><?pi ", "x".repeat(MAX_XML_MARKUP_CHARS)])).toBe(xmlBoundReasons.markup);
    // Many short attributes: each value within its bound, the tag past its own.
    expect(failing(["<HealthData><Record", ` a="${"v".repeat(1000)}"`.repeat(Math.ceil(MAX_XML_MARKUP_CHARS / 1000))])).toBe(xmlBoundReasons.markup);
    // A value bound restarts with each value.
    expect(failing(["<HealthData>", `<R a="${"v".repeat(MAX_XML_VALUE_CHARS - 10)}"/>`.repeat(3)])).toBeNull();
  });
});
