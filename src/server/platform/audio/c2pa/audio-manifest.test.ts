import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MP3 } from "@trustnxt/c2pa-ts/asset";
import { SuperBox } from "@trustnxt/c2pa-ts/jumbf";
import { DataHashAssertion, ManifestStore } from "@trustnxt/c2pa-ts/manifest";
import { afterAll, describe, expect, it } from "vitest";
import { encodeWav } from "../../../providers/voice/wav";
import { mark, readMark, TRAINED_ALGORITHMIC_MEDIA } from "../provenance-mark";
import { readSpeechManifest, signSpeech } from "./audio-manifest";
import { resolveInstallationSigner } from "./installation-signer";

// Issue 43, decision 0047: the C2PA manifest on synthetic speech, signed by the installation's key, read back by c2pa-rs
// (the library that wrote it) and, for MP3, by an independent implementation (@trustnxt/c2pa-ts).
const dirs = [1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-c2pa-")));
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const details = { who: 'Nell "Nan" O\'Brien', label: "Kitchen voice", madeAt: new Date("2026-11-26T10:00:00Z"), engine: "local" };
const wav = encodeWav(Int16Array.from({ length: 8000 }, (_, i) => Math.round(6000 * Math.sin(i / 7))), 22050);
const mp3 = Uint8Array.from([0xff, 0xfb, 0x90, 0x64, ...new Array<number>(413).fill(0x55)]);

describe("the signed C2PA manifest on synthetic speech", () => {
  it("goes into a WAV and an MP3 beside the IPTC mark, and reads back signed by this installation with what it says", async () => {
    const ours = await resolveInstallationSigner({}, dirs[0]!);
    for (const [bytes, format] of [[wav, "wav"], [mp3, "mp3"]] as const) {
      const signed = await signSpeech(mark(bytes, format, details), format, details, ours, "9.9.9");
      expect(readMark(signed)?.about).toBe(details.who); // the IPTC mark is still there
      expect(await readSpeechManifest(signed, format, ours.anchorPem)).toEqual({
        signature: "this installation",
        signer: expect.stringMatching(/^Mindprint AI voice [0-9a-f]{12}, Mindprint$/),
        aiGenerated: true,
        sourceType: TRAINED_ALGORITHMIC_MEDIA,
        about: details.who,
        label: details.label,
        madeAt: "2026-11-26T10:00:00.000Z",
        engine: "local",
        problems: [],
      });
      expect(await readSpeechManifest(mark(bytes, format, details), format, ours.anchorPem)).toBeNull();
    }
  });

  it("tells another installation's signature from ours, and a file changed after signing from both", async () => {
    const [ours, theirs] = await Promise.all(dirs.map((d) => resolveInstallationSigner({}, d)));
    expect(theirs!.anchorPem).not.toBe(ours!.anchorPem);
    const signed = await signSpeech(mark(wav, "wav", details), "wav", details, theirs!, "9.9.9");
    expect((await readSpeechManifest(signed, "wav", ours!.anchorPem))?.signature).toBe("another");
    expect((await readSpeechManifest(signed, "wav", theirs!.anchorPem))?.signature).toBe("this installation");

    // One sample changed, or the name in the IPTC mark rewritten (the data hash covers it): the signature no longer holds.
    const sample = signed.slice();
    sample[Buffer.from(signed).indexOf("data") + 100]! ^= 0x40;
    expect(await readSpeechManifest(sample, "wav", theirs!.anchorPem)).toMatchObject({ signature: "broken", problems: ["assertion.dataHash.mismatch"] });
    const renamed = Buffer.from(signed);
    const at = renamed.indexOf("<mindprint:VoiceOf>") + "<mindprint:VoiceOf>".length;
    renamed.write("Bill", at, "latin1");
    expect(await readSpeechManifest(renamed, "wav", theirs!.anchorPem)).toMatchObject({ signature: "broken", problems: ["assertion.dataHash.mismatch"] });
    // A manifest cut short is not read as anything but broken.
    const cut = signed.subarray(0, signed.length - 500);
    expect((await readSpeechManifest(cut, "wav", theirs!.anchorPem))?.signature).toBe("broken");
  });

  it("an MP3's manifest validates in an independent reader (c2pa-ts): the signature over the claim, and the data hash over the file", async () => {
    const ours = await resolveInstallationSigner({}, dirs[0]!);
    const signed = Buffer.from(await signSpeech(mark(mp3, "mp3", details), "mp3", details, ours, "9.9.9"));
    // c2pa-ts 0.9.4 finds the manifest's ID3 GEOB frame only by the MIME type C2PA used before 2.1
    // ("application/x-c2pa-manifest-store"); c2pa-rs writes today's "application/c2pa". A copy with the older name (and a
    // shorter description, so every offset stays) lets it find the same manifest bytes. The frame's header text is
    // hashed, so the data hash is checked below against the file as we send it.
    const current = Buffer.from("application/c2pa\0c2pa\0c2pa manifest store\0");
    const older = Buffer.from("application/x-c2pa-manifest-store\0c2pa\0cm\0");
    expect(older.length).toBe(current.length);
    const copy = Buffer.from(signed);
    older.copy(copy, copy.indexOf(current));
    const asset = new MP3(copy);
    const store = ManifestStore.read(SuperBox.fromBuffer(new Uint8Array(asset.getManifestJUMBF()!)));
    const manifest = store.getActiveManifest()!;
    const result = await store.validate(asset);
    const codes = result.statusEntries.map((e) => e.code as string);
    expect(codes).toContain("claimSignature.validated");
    expect(codes.filter((c) => c === "assertion.hashedURI.match")).toHaveLength(2);
    expect(codes.filter((c) => !["claimSignature.validated", "assertion.hashedURI.match", "signingCredential.trusted", "assertion.dataHash.mismatch"].includes(c))).toEqual([]);

    const actions = manifest.assertions!.assertions.find((a) => a.label === "c2pa.actions.v2") as unknown as { actions: Record<string, unknown>[] };
    expect(actions.actions[0]).toMatchObject({ action: "c2pa.created", digitalSourceType: TRAINED_ALGORITHMIC_MEDIA, softwareAgent: { name: "Mindprint AI voice (local engine)" } });
    const dataHash = manifest.assertions!.assertions.find((a) => a instanceof DataHashAssertion) as DataHashAssertion;
    const hash = crypto.createHash("sha256");
    let at = 0;
    for (const exclusion of [...dataHash.exclusions].sort((a, b) => a.start - b.start)) {
      hash.update(signed.subarray(at, exclusion.start));
      at = exclusion.start + exclusion.length;
    }
    hash.update(signed.subarray(at));
    expect(Buffer.from(dataHash.hash!).equals(hash.digest())).toBe(true);
  });

  it("signs with a configured key and chain (VOICE_MARK_KEY_FILE, VOICE_MARK_CERT_FILE), and refuses a key that is not the certificate's", async () => {
    const made = fs.readFileSync(path.join(dirs[1]!, "voice-mark-signer.pem"), "utf8");
    const key = made.match(/-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----\n/)![0];
    const keyFile = path.join(dirs[0]!, "configured-key.pem");
    const certFile = path.join(dirs[0]!, "configured-chain.pem");
    fs.writeFileSync(keyFile, key);
    fs.writeFileSync(certFile, made.replace(key, ""));
    const configured = await resolveInstallationSigner({ keyFile, certFile }, dirs[0]!);
    const signed = await signSpeech(mark(wav, "wav", details), "wav", details, configured, "9.9.9");
    expect((await readSpeechManifest(signed, "wav", configured.anchorPem))?.signature).toBe("this installation");

    const other = fs.readFileSync(path.join(dirs[0]!, "voice-mark-signer.pem"), "utf8").match(/-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----\n/)![0];
    fs.writeFileSync(keyFile, other);
    await expect(resolveInstallationSigner({ keyFile, certFile }, dirs[0]!)).rejects.toThrow("The voice mark key does not belong to the first certificate of its file.");
  });
});
