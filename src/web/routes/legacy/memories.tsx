import { Link, useParams, type MetaFunction } from "react-router";
import { ContactFrame } from "../../features/legacy/contact-frame";
import { ReleasedMemories } from "../../features/legacy/released-memories";

export const meta: MetaFunction = () => [{ title: "Their memories · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** A legacy contact reading what the person who named them left them, once released. */
export default function LegacyMemories() {
  const { contactId = "" } = useParams();
  return (
    <ContactFrame>
      <p>
        <Link to="/legacy" className="font-medium text-brand-strong underline">
          ← People who named you
        </Link>
      </p>
      <ReleasedMemories contactId={contactId} />
    </ContactFrame>
  );
}
