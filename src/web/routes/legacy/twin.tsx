import { useQuery } from "@tanstack/react-query";
import { Link, useParams, type MetaFunction } from "react-router";
import { ContactFrame } from "../../features/legacy/contact-frame";
import { visitorTwinQuery } from "../../features/legacy/legacy-queries";
import { VisitorChat } from "../../features/legacy/visitor-chat";
import { endpoints } from "../../../contract/endpoints";
import { buildPath, messageOf } from "../../lib/api-client";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";

export const meta: MetaFunction = () => [{ title: "Talk with their twin · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** A legacy contact talking with the released twin of someone who named them. */
export default function LegacyTwin() {
  const { contactId = "" } = useParams();
  const twin = useQuery(visitorTwinQuery(contactId));
  return (
    <ContactFrame>
      <p>
        <Link to="/legacy" className="font-medium text-brand-strong underline">
          ← People who named you
        </Link>
      </p>
      {twin.isPending ? (
        <Spinner label="Loading…" />
      ) : twin.isError ? (
        <LoadFailed message={messageOf(twin.error, "Could not open their twin.")} onRetry={() => void twin.refetch()} />
      ) : (
        <>
          <h1 className="text-3xl font-semibold">Talk with {twin.data.ownerName}'s twin</h1>
          <p className="text-muted">
            It answers from the memories {twin.data.ownerName} chose to leave you, and shows which ones.{" "}
            <Link to={`/legacy/${contactId}/memories`} className="font-medium text-brand-strong underline">
              Read them yourself
            </Link>
            .
          </p>
          <VisitorChat
            place={{
              id: `visitor-${contactId}`,
              api: buildPath(endpoints.sendVisitorTwinMessage.path, { params: { id: contactId } }),
              sourceHref: (memoryId) => `/legacy/${contactId}/memories#memory-${memoryId}`,
              recordingHref: (memoryId) => buildPath(endpoints.getReleasedMemoryRecording.path, { params: { id: contactId, memoryId } }),
              hint: "Enter sends; Shift+Enter starts a new line. Only you see this conversation.",
              contactId,
              keeps: true,
            }}
            twin={twin.data}
          />
        </>
      )}
    </ContactFrame>
  );
}
