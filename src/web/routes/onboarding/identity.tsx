import { useEffect, useState, type FormEvent } from "react";
import { useNavigate, type MetaFunction } from "react-router";
import { onboardingMessages, type LegacyPreference } from "../../../contract";
import { helperTextFor, legacyOptions } from "../../features/onboarding/options";
import { StepFrame } from "../../features/onboarding/step-frame";
import { useOnboardingProfile } from "../../features/onboarding/use-onboarding-profile";
import { ApiError, callApi } from "../../lib/api-client";
import { notifyError } from "../../lib/notify";
import { Button } from "../../ui/button";
import { ChoiceCard } from "../../ui/choice-card";
import { SelectField, TextField } from "../../ui/field";
import { countryOptions } from "../../features/onboarding/countries";
import { Spinner } from "../../ui/spinner";
import { formatDay } from "../../lib/format";

export const meta: MetaFunction = () => [{ title: "Your identity · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

interface FieldErrors {
  firstName?: string;
  birthday?: string;
  country?: string;
  legacyPreference?: string;
}

/**
 * Step 2: first name, the date of birth (shown when sign-up asked it, asked only when not), beside it the country
 * (optional: the order of the crisis lines) and who the twin is for.
 */
export default function Identity() {
  const navigate = useNavigate();
  const { profile, isLoading, setProfile } = useOnboardingProfile();
  const [firstName, setFirstName] = useState("");
  const [birthday, setBirthday] = useState("");
  const [country, setCountry] = useState("");
  const [legacy, setLegacy] = useState<LegacyPreference | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!profile) return;
    setFirstName(profile.firstName ?? "");
    setBirthday(profile.birthday ?? "");
    setCountry(profile.country ?? "");
    setLegacy(profile.legacyPreference);
  }, [profile]);

  const knownName = profile?.firstName;
  // A date already known (from sign-up) is shown, never asked a second time.
  const [stated, setStated] = useState<string | null>(null);
  useEffect(() => setStated((before) => before ?? profile?.birthday ?? null), [profile]);
  const title = knownName ? `Perfect, ${knownName}. Let's personalize your experience.` : "Let's discover together";
  if (isLoading || !profile) {
    return (
      <StepFrame step={2} title={title}>
        <Spinner label="Loading your profile..." />
      </StepFrame>
    );
  }

  const complete = firstName.trim().length > 0 && legacy !== null;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!firstName.trim()) found.firstName = onboardingMessages.firstNameRequired;
    if (!legacy) found.legacyPreference = onboardingMessages.legacyRequired;
    setErrors(found);
    if (found.firstName || found.legacyPreference || !legacy) {
      notifyError("Please complete required fields", "First name and legacy preference are required to continue.", { scope: "page" });
      return;
    }
    setSaving(true);
    try {
      const { profile: saved } = await callApi("saveIdentity", { firstName: firstName.trim(), birthday: stated ? undefined : birthday || null, legacyPreference: legacy, country: country || null });
      setProfile(saved);
      navigate("/onboarding/trait-calibration");
    } catch (error) {
      console.error("Saving identity failed", error);
      const invalid = error instanceof ApiError && error.status === 400;
      if (invalid && error.fields) setErrors(error.fields);
      notifyError("Something went wrong", invalid ? error.message : "Please try again. If the problem persists, contact support.", { scope: "page" });
      setSaving(false);
    }
  }

  return (
    <StepFrame step={2} title={title} intro={<p>{helperTextFor(profile.primaryIntent)}</p>}>
      <form noValidate onSubmit={save} className="space-y-6">
        <TextField
          id="first-name"
          name="firstName"
          label={
            <>
              First name <span aria-hidden="true">*</span>
            </>
          }
          required
          autoComplete="given-name"
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
          error={errors.firstName}
        />
        {stated ? (
          // Asked once: the date given at sign-up is shown where it is used, not asked again.
          <div data-testid="stated-birth-date">
            <p className="font-medium">Date of birth</p>
            <p className="mt-1">{formatDay(stated)}</p>
            <p className="mt-1 text-sm text-muted">As you gave it when you signed up. It puts your age beside your memories for the people you leave them to.</p>
          </div>
        ) : (
          <TextField
            id="birthday"
            name="birthday"
            type="date"
            label={
              <>
                Birthday <span className="font-normal text-muted">(optional)</span>
              </>
            }
            max={new Date().toISOString().slice(0, 10)}
            value={birthday}
            onChange={(e) => setBirthday(e.target.value)}
            error={errors.birthday}
          />
        )}
        <SelectField
          id="country"
          name="country"
          label={
            <>
              Country you live in <span className="font-normal text-muted">(optional)</span>
            </>
          }
          hint="If you ever write something that worries us, Mindprint lists the crisis lines of your country first."
          autoComplete="country"
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          error={errors.country}
        >
          <option value="">Not given</option>
          {countryOptions.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <fieldset>
          <legend id="legacy-label" className="font-medium">
            Legacy preference <span aria-hidden="true">*</span>
          </legend>
          <div role="radiogroup" aria-labelledby="legacy-label" aria-describedby={errors.legacyPreference ? "legacy-error" : undefined} className="mt-2 grid gap-3">
            {legacyOptions.map((option) => (
              <ChoiceCard
                key={option.value}
                role="radio"
                checked={legacy === option.value}
                label={option.label}
                description={option.description}
                onSelect={() => setLegacy(option.value)}
              />
            ))}
          </div>
          {errors.legacyPreference && (
            <p id="legacy-error" className="mt-1 text-sm text-red-700">
              {errors.legacyPreference}
            </p>
          )}
        </fieldset>
        <Button type="submit" aria-disabled={!complete || saving} disabled={saving}>
          {saving ? "Saving..." : "Continue"}
        </Button>
        <p className="text-sm text-muted">Your information is encrypted in transit, visible only to you, and can be updated anytime.</p>
      </form>
    </StepFrame>
  );
}
