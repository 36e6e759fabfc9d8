import { useQuery } from "@tanstack/react-query";
import type { MetaFunction } from "react-router";
import { AddContactForm } from "../../features/legacy/add-contact-form";
import { ContactList } from "../../features/legacy/contact-list";
import { legacyContactsQuery } from "../../features/legacy/legacy-queries";
import { ReleaseCard } from "../../features/legacy/release-card";
import { StorySettingsCard } from "../../features/legacy/story-settings-card";
import { VoiceConsentCard } from "../../features/voice/voice-consent-card";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";

export const meta: MetaFunction = () => [{ title: "Legacy · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** Legacy: the people who may reach your twin and memories later, and in what role. */
export default function LegacySection() {
  const contacts = useQuery(legacyContactsQuery);
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-3xl font-semibold">Legacy</h1>
        <p className="mt-2 text-muted">
          Decide who may reach your twin and your memories after you are gone. Each memory has an audience and may be sealed (set them in the Memory Vault); here you name the
          people who will receive them.
        </p>
      </header>
      {contacts.isPending ? (
        <Spinner label="Loading your legacy contacts…" />
      ) : contacts.isError ? (
        <LoadFailed message="Could not load your legacy contacts." onRetry={() => void contacts.refetch()} />
      ) : (
        <>
          {contacts.data.recommendation && (
            <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
              {contacts.data.recommendation}
            </p>
          )}
          <section aria-labelledby="contacts-heading" className="grid gap-3">
            <h2 id="contacts-heading" className="text-xl font-semibold">
              Legacy contacts ({contacts.data.contacts.length})
            </h2>
            <ContactList contacts={contacts.data.contacts} />
          </section>
          <AddContactForm count={contacts.data.contacts.length} />
          <ReleaseCard />
        </>
      )}
      <VoiceConsentCard />
      <StorySettingsCard />
    </div>
  );
}
