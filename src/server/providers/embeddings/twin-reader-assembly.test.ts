import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assembleTwinReader, readTwinReaderManifest } from "./twin-reader-assembly";
import { TWIN_READER_TRAINED_DIR } from "./twin-reader-files";

// The reader is assembled from the npm base and the committed trained layers, each checked by hash: anything else
// fails with what to do, never reads with a model nobody measured (issue 58).
describe("assembling the twin's reader", () => {
  const copy = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "twin-reader-"));
    for (const file of fs.readdirSync(TWIN_READER_TRAINED_DIR)) fs.copyFileSync(path.join(TWIN_READER_TRAINED_DIR, file), path.join(dir, file));
    return dir;
  };

  it("refuses a base model that is not the one it was trained on, or one that is missing", () => {
    const dir = copy();
    const other = path.join(dir, "other.onnx");
    fs.writeFileSync(other, "not the base");
    expect(() => assembleTwinReader(dir, other)).toThrow(/is not the base the twin's reader was trained on .*reinstall it with npm ci/);
    expect(() => assembleTwinReader(dir, path.join(dir, "missing.onnx"))).toThrow(/which is not installed: run npm ci/);
  });

  it("refuses trained layers that do not match their manifest", () => {
    const dir = copy();
    const manifest = readTwinReaderManifest(dir);
    const file = path.join(dir, manifest.trained.file);
    const bytes = fs.readFileSync(file);
    bytes[1000] = bytes[1000]! ^ 0xff;
    fs.writeFileSync(file, bytes);
    expect(() => assembleTwinReader(dir)).toThrow(/does not match its manifest .*train again with npm run train:twin/);
  });
});
