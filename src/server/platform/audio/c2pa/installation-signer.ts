import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import * as x509 from "@peculiar/x509";
import { coseSign1 } from "./cose-sign1";
import type { CoseSigner } from "./c2pa-wasm";

/**
 * This installation's signer of C2PA manifests (decision 0047), kept like the session secret: the files named by
 * VOICE_MARK_KEY_FILE and VOICE_MARK_CERT_FILE when set (an organisation's own certificate, or the same key on every
 * machine that serves), otherwise a key and certificates made on first use and kept in the data directory.
 *
 * What is made here is a small chain, because C2PA refuses a self-signed signing certificate: an installation
 * certificate authority ("Mindprint installation <id>", the trust anchor shown on the Trust page) and under it the
 * signer (digital signature, e-mail protection, as C2PA's certificate profile asks). The authority's key signs once
 * and is not kept.
 */
export interface InstallationSigner {
  key: crypto.KeyObject;
  /** DER, the signer's certificate first. */
  chainDer: Uint8Array[];
  /** The certificate that others trust to recognise this installation's marks: the last of the chain. */
  anchorPem: string;
}

const FILE_NAME = "voice-mark-signer.pem";
const ALGORITHM = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
const E_MAIL_PROTECTION = "1.3.6.1.5.5.7.3.4";
const TEN_YEARS_MS = 10 * 365.25 * 24 * 3600 * 1000;

// The Web Crypto of the global scope, whose types are the DOM's that @peculiar/x509 is written against.
const webCrypto = globalThis.crypto;
x509.cryptoProvider.set(webCrypto);

/** The signer of this configuration, made or read once per process. */
export function installationSigner(config: { VOICE_MARK_KEY_FILE?: string; VOICE_MARK_CERT_FILE?: string; dataDir: string }): Promise<InstallationSigner> {
  const key = [config.VOICE_MARK_KEY_FILE, config.VOICE_MARK_CERT_FILE, config.dataDir].join("\0");
  let signer = signers.get(key);
  if (!signer) {
    signer = resolveInstallationSigner({ keyFile: config.VOICE_MARK_KEY_FILE, certFile: config.VOICE_MARK_CERT_FILE }, config.dataDir);
    signers.set(key, signer);
    // A failure (an unreadable key file) is reported to the request that met it and tried again by the next.
    signer.catch(() => signers.delete(key));
  }
  return signer;
}
const signers = new Map<string, Promise<InstallationSigner>>();

export async function resolveInstallationSigner(files: { keyFile?: string; certFile?: string }, dataDir: string): Promise<InstallationSigner> {
  if (files.keyFile && files.certFile) return fromPem(fs.readFileSync(files.keyFile, "utf8"), fs.readFileSync(files.certFile, "utf8"));
  const file = path.join(dataDir, FILE_NAME);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const made = await makeInstallationPem();
    // Two processes starting together (web and worker) may both make one: the first file written wins, whole.
    try {
      fs.writeFileSync(file, made, { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  const pem = fs.readFileSync(file, "utf8");
  return fromPem(pem, pem);
}

/** The COSE signer c2pa-wasm calls, with room for this chain's certificates. */
export function coseSignerOf(signer: InstallationSigner): CoseSigner {
  const reserveSize = signer.chainDer.reduce((n, c) => n + c.length, 0) + 2048;
  return { alg: "es256", reserveSize, sign: async (claim) => coseSign1(claim, signer.key, signer.chainDer, reserveSize) };
}

function fromPem(keyPem: string, certPem: string): InstallationSigner {
  const key = crypto.createPrivateKey(keyPem);
  const chain = certPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (chain.length === 0) throw new Error("The voice mark certificate file holds no certificate.");
  const chainDer = chain.map((pem) => new Uint8Array(new crypto.X509Certificate(pem).raw));
  if (!new crypto.X509Certificate(chain[0]!).checkPrivateKey(key)) throw new Error("The voice mark key does not belong to the first certificate of its file.");
  return { key, chainDer, anchorPem: `${chain[chain.length - 1]!}\n` };
}

async function makeInstallationPem(): Promise<string> {
  const id = crypto.randomBytes(6).toString("hex");
  const notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  const notAfter = new Date(Date.now() + TEN_YEARS_MS);
  const serial = () => crypto.randomBytes(12).toString("hex").replace(/^[89a-f]/, "1");
  const authorityKeys = await webCrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
  const authority = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=Mindprint installation ${id}, O=Mindprint`,
    notBefore,
    notAfter,
    keys: authorityKeys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(authorityKeys.publicKey),
    ],
  });
  const signerKeys = await webCrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
  const signer = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=Mindprint AI voice ${id}, O=Mindprint`,
    issuer: authority.subject,
    notBefore,
    notAfter,
    signingKey: authorityKeys.privateKey,
    publicKey: signerKeys.publicKey,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([E_MAIL_PROTECTION], false),
      await x509.SubjectKeyIdentifierExtension.create(signerKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(authorityKeys.publicKey),
    ],
  });
  const keyPem = crypto.KeyObject.from(signerKeys.privateKey as unknown as crypto.webcrypto.CryptoKey).export({ type: "pkcs8", format: "pem" }) as string;
  return `${keyPem}${signer.toString("pem")}\n${authority.toString("pem")}\n`;
}
