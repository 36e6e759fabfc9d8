import crypto from "node:crypto";
import type { MarkCertificateResponse } from "../../../contract/audio-mark";
import type { AppContext } from "../../app-context";
import { installationSigner } from "../../platform/audio/c2pa/installation-signer";

/** The certificate this installation's marks chain to, as the Trust page and `verify:audio` show it. */
export async function markCertificate(ctx: Pick<AppContext, "config">): Promise<MarkCertificateResponse> {
  const { anchorPem } = await installationSigner(ctx.config);
  const certificate = new crypto.X509Certificate(anchorPem);
  return { pem: anchorPem, fingerprint: certificate.fingerprint256, subject: certificate.subject.replace(/\n/g, ", "), validUntil: new Date(certificate.validTo).toISOString() };
}
