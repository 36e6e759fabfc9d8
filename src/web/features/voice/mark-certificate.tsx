import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi, messageOf } from "../../lib/api-client";
import { saveFile } from "../../lib/save-file";
import { Button } from "../../ui/button";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";

const markCertificateQuery = queryOptions({
  queryKey: ["voice", "mark-certificate"],
  queryFn: () => callApi("getMarkCertificate"),
  staleTime: Infinity,
});

/**
 * The certificate this installation signs its synthetic speech under (decision 0047), on the Trust page: what a C2PA
 * reader shows as the signer, the fingerprint to compare, and the file to add as a trust anchor.
 */
export function MarkCertificate() {
  const certificate = useQuery(markCertificateQuery);
  return (
    <section aria-labelledby="voice-mark-certificate" className="mt-10 rounded-xl border border-stone-200 bg-white p-5">
      <h2 id="voice-mark-certificate" className="text-2xl font-semibold">
        This installation&apos;s voice mark certificate
      </h2>
      {certificate.isPending ? (
        <Spinner label="Loading the certificate…" />
      ) : certificate.isError ? (
        <LoadFailed message={messageOf(certificate.error, "Could not load the certificate.")} onRetry={() => void certificate.refetch()} />
      ) : (
        <>
          <p className="mt-2 text-stone-700">Content Credentials (C2PA) on this installation&apos;s synthetic speech chain to this certificate.</p>
          <dl className="mt-4 grid gap-3 sm:grid-cols-[auto_1fr] sm:gap-x-6">
            <dt className="font-medium">Name</dt>
            <dd data-testid="mark-certificate-subject" className="break-words">{certificate.data.subject}</dd>
            <dt className="font-medium">SHA-256 fingerprint</dt>
            <dd>
              <code data-testid="mark-certificate-fingerprint" className="break-all text-sm">
                {certificate.data.fingerprint}
              </code>
            </dd>
            <dt className="font-medium">Valid until</dt>
            <dd>{certificate.data.validUntil.slice(0, 10)}</dd>
          </dl>
          <Button variant="secondary" className="mt-4" onClick={() => saveFile(new Blob([certificate.data.pem], { type: "application/x-pem-file" }), "mindprint-voice-marks.pem")}>
            Download the certificate (PEM)
          </Button>
        </>
      )}
    </section>
  );
}
