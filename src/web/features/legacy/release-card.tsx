import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import type { ReleaseStatus } from "../../../contract/legacy";
import { MEMORIAL_SLUG_PATTERN, LEGACY_INTRODUCTION_MAX, LEGACY_VETO_DAYS_MAX, LEGACY_VETO_DAYS_MIN, legacyInactivityValues, legacyMessages, legacyRetentionValues, legacyStateLabels } from "../../../contract/legacy-options";
import { endpoints } from "../../../contract/endpoints";
import { ApiError, buildPath, messageOf } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { profileQuery } from "../../lib/session";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { TextAreaField, TextField } from "../../ui/field";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";
import { DocumentList } from "./documents-panel";
import { releaseQuery, useCancelRelease, useSaveReleaseSettings } from "./legacy-queries";

/** A first suggestion for the memorial's address: the first name and a few random characters, so it is free. */
function suggestSlug(firstName: string): string {
  const name = firstName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  // Eight random characters: an address that is not listed should not be found by guessing.
  const suffix = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");
  return `${name || "in-memory"}-${suffix}`;
}

const selectClass = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5";

function PendingAlert({ status }: { status: ReleaseStatus }) {
  const cancel = useCancelRelease();
  const pending = status.pending!;
  return (
    <div role="alert" className="grid gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">
        {pending.reason === "death_report" ? "A legacy contact has reported your death." : "You have not signed in for the time you chose."} Your legacy release is pending.
      </p>
      <p>If you are here, cancel it. Otherwise it can happen after {formatDateTime(pending.vetoUntil)}, once an executor you named, or two different people, confirm it. The person who reported it never confirms it alone.</p>
      {pending.confirmedBy.length > 0 && <p>Confirmed by {pending.confirmedBy.map((c) => c.name).join(", ")}.</p>}
      <div>
        <Button
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: () => notifySuccess("Release cancelled", "Nothing was released. Your contacts see that your legacy is not released."),
              onError: (error) => notifyError("Could not cancel the release", messageOf(error)),
            })
          }
        >
          {cancel.isPending ? "Cancelling…" : "Cancel release"}
        </Button>
      </div>
    </div>
  );
}

function SettingsForm({ status }: { status: ReleaseStatus }) {
  const [inactivity, setInactivity] = useState(String(status.settings.inactivityMonths ?? ""));
  const [deathReports, setDeathReports] = useState(status.settings.deathReports);
  const [vetoDays, setVetoDays] = useState(String(status.settings.vetoDays));
  const [retention, setRetention] = useState(String(status.settings.retentionMonths));
  const [introduction, setIntroduction] = useState(status.settings.introduction ?? "");
  const [memorialOn, setMemorialOn] = useState(status.settings.memorialSlug !== null);
  const [memorialSlug, setMemorialSlug] = useState(status.settings.memorialSlug ?? "");
  const [memorialIndexing, setMemorialIndexing] = useState(status.settings.memorialIndexing);
  const [error, setError] = useState<string | null>(null);
  const [slugError, setSlugError] = useState<string | undefined>();
  const firstName = useQuery({ ...profileQuery, staleTime: 60_000 }).data?.profile.firstName ?? "";
  const save = useSaveReleaseSettings();
  useEffect(() => {
    setInactivity(String(status.settings.inactivityMonths ?? ""));
    setDeathReports(status.settings.deathReports);
    setVetoDays(String(status.settings.vetoDays));
    setRetention(String(status.settings.retentionMonths));
    setIntroduction(status.settings.introduction ?? "");
    setMemorialOn(status.settings.memorialSlug !== null);
    setMemorialSlug(status.settings.memorialSlug ?? "");
    setMemorialIndexing(status.settings.memorialIndexing);
  }, [
    status.settings.inactivityMonths,
    status.settings.deathReports,
    status.settings.vetoDays,
    status.settings.retentionMonths,
    status.settings.introduction,
    status.settings.memorialSlug,
    status.settings.memorialIndexing,
  ]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const days = Number(vetoDays);
    if (!Number.isInteger(days) || days < LEGACY_VETO_DAYS_MIN || days > LEGACY_VETO_DAYS_MAX) return setError(legacyMessages.vetoDaysInvalid);
    const slug = memorialSlug.trim().toLowerCase();
    if (memorialOn && !MEMORIAL_SLUG_PATTERN.test(slug)) {
      setSlugError(legacyMessages.memorialSlugInvalid);
      return setError(legacyMessages.memorialSlugInvalid);
    }
    setError(null);
    setSlugError(undefined);
    save.mutate(
      {
        inactivityMonths: inactivity ? Number(inactivity) : null,
        deathReports,
        vetoDays: days,
        retentionMonths: Number(retention),
        introduction,
        memorialSlug: memorialOn ? slug : null,
        memorialIndexing: memorialOn && memorialIndexing,
      },
      {
        onSuccess: () => notifySuccess("Release settings saved", "Your triggers and waiting period are in place."),
        onError: (failure) => {
          setError(messageOf(failure));
          setSlugError(failure instanceof ApiError ? failure.fields?.memorialSlug : undefined);
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby="release-settings-heading" className="grid gap-4">
      <h3 id="release-settings-heading" className="text-lg font-semibold">
        When your legacy is released
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="release-inactivity" className="block font-medium">
            After a long silence
          </label>
          <select id="release-inactivity" className={selectClass} value={inactivity} onChange={(e) => setInactivity(e.target.value)}>
            <option value="">Never (off)</option>
            {legacyInactivityValues.map((months) => (
              <option key={months} value={months}>
                {months} months without signing in
              </option>
            ))}
          </select>
          <p className="mt-1 text-sm text-muted">We e-mail you 30, 7 and 1 days before. Any sign-in starts the count again.</p>
        </div>
        <TextField
          id="release-veto-days"
          label="Waiting period in which you can cancel (days)"
          type="number"
          inputMode="numeric"
          min={LEGACY_VETO_DAYS_MIN}
          max={LEGACY_VETO_DAYS_MAX}
          value={vetoDays}
          onChange={(e) => setVetoDays(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="release-retention" className="block font-medium">
          If an executor retires your twin, your contacts may still read what you left them for
        </label>
        <select id="release-retention" className={selectClass} value={retention} onChange={(e) => setRetention(e.target.value)}>
          {legacyRetentionValues.map((months) => (
            <option key={months} value={months}>
              {months} months
            </option>
          ))}
        </select>
      </div>
      <TextAreaField
        id="release-introduction"
        label={
          <>
            How your twin introduces itself to the people you named <span className="font-normal text-muted">(optional)</span>
          </>
        }
        rows={3}
        maxLength={LEGACY_INTRODUCTION_MAX}
        // The owner's own first name, or nothing: never a stand-in such as "your name".
        placeholder={firstName.trim() ? legacyMessages.twinIntro(firstName.trim()) : undefined}
        value={introduction}
        onChange={(e) => setIntroduction(e.target.value)}
      />
      <fieldset className="grid gap-3 rounded-xl border border-stone-200 p-4">
        <legend className="px-1 font-medium">Public memorial</legend>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            className="h-5 w-5 accent-brand"
            checked={memorialOn}
            onChange={(e) => {
              setMemorialOn(e.target.checked);
              if (e.target.checked && !memorialSlug) setMemorialSlug(suggestSlug(firstName));
            }}
          />
          Open a public memorial once my legacy is released
        </label>
        <p className="text-sm text-muted">
          Anyone with its address can read the memories you marked <strong>Public</strong> and ask your twin about them. Nothing private, family or twin-only is ever
          shown or used there, and nothing visitors ask is kept.
        </p>
        {memorialOn && (
          <>
            <TextField
              id="release-memorial-slug"
              label="Its address"
              error={slugError}
              hint={`${window.location.origin}/memorial/${memorialSlug.trim().toLowerCase() || "…"}`}
              autoComplete="off"
              spellCheck={false}
              value={memorialSlug}
              onChange={(e) => setMemorialSlug(e.target.value)}
            />
            <label className="flex min-h-11 items-center gap-3">
              <input type="checkbox" className="h-5 w-5 accent-brand" checked={memorialIndexing} onChange={(e) => setMemorialIndexing(e.target.checked)} />
              Let search engines list it (otherwise it is hidden from search engines, and shared by its address)
            </label>
          </>
        )}
      </fieldset>
      <label className="flex min-h-11 items-center gap-3 font-medium">
        <input type="checkbox" className="h-5 w-5 accent-brand" checked={deathReports} onChange={(e) => setDeathReports(e.target.checked)} />
        Let a legacy contact report my death to start a release
      </label>
      <p className="text-sm text-muted">A release happens only after the waiting period, and once an executor you named or two different people confirm it; the person who reports a death never confirms it alone, and contacts you invited count even before they accept. It never depends on payment.</p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save release settings"}
        </Button>
      </div>
    </form>
  );
}

/** The release: where it stands, a pending release to cancel, the triggers and waiting period, and the audit log. */
export function ReleaseCard() {
  const release = useQuery(releaseQuery);
  return (
    <section aria-labelledby="release-heading" className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id="release-heading" className="text-xl font-semibold">
        Release
      </h2>
      {release.isPending ? (
        <Spinner label="Loading your release settings…" />
      ) : release.isError ? (
        <LoadFailed message="Could not load your release settings." onRetry={() => void release.refetch()} />
      ) : (
        <>
          <p data-testid="release-state">
            Status: <strong>{legacyStateLabels[release.data.state]}</strong>
            {release.data.inactivityDeadline && <> · without a sign-in, a release would start on {formatDateTime(release.data.inactivityDeadline)}</>}
          </p>
          {release.data.pending && <PendingAlert status={release.data} />}
          {release.data.documents.length > 0 && (
            <div className="grid gap-2">
              <h3 className="text-lg font-semibold">Documents sent about you</h3>
              <DocumentList documents={release.data.documents} label="Documents sent about you" hrefOf={(d) => buildPath(endpoints.getOwnLegacyDocument.path, { params: { docId: d.id } })} />
            </div>
          )}
          <SettingsForm status={release.data} />
          <div className="grid gap-2">
            <h3 className="text-lg font-semibold">History</h3>
            {release.data.audit.length === 0 ? (
              <p className="text-sm text-muted">Nothing has happened yet. Every change of settings and state will be listed here.</p>
            ) : (
              <ol className="grid gap-1 text-sm" aria-label="Release history, newest first" data-testid="release-audit">
                {release.data.audit.map((entry) => (
                  <li key={`${entry.at}-${entry.action}`}>
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.action} ({entry.actor}){entry.note ? `: ${entry.note}` : ""}
                  </li>
                ))}
              </ol>
            )}
          </div>
        </>
      )}
    </section>
  );
}
