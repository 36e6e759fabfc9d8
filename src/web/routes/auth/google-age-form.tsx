import { useState, type FormEvent } from "react";
import { ageMessages } from "../../../contract/age-options";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";

export type GoogleAgeStatement = { birthDate?: string; guardianEmail?: string };

/**
 * Shown when Google's account has no Mindprint account yet: the date of birth (and, for 13–17, a guardian's address)
 * asked once before the account is made, as the magic link's confirmation page asks it (decision 0029).
 */
export function GoogleAgeForm({ busy, onContinue }: { busy: boolean; onContinue: (statement: GoogleAgeStatement) => void }) {
  const [birthDate, setBirthDate] = useState("");
  const [guardianEmail, setGuardianEmail] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    onContinue({ birthDate, ...(guardianEmail.trim() ? { guardianEmail: guardianEmail.trim() } : {}) });
  }
  return (
    <form className="grid gap-3 rounded-xl border border-stone-200 p-4" onSubmit={submit} aria-labelledby="google-age-heading">
      <h2 id="google-age-heading" className="font-semibold">
        Create your account with Google
      </h2>
      <p className="text-sm text-muted">{ageMessages.birthDateHint}</p>
      <TextField id="google-birth-date" label={ageMessages.birthDateLabel} type="date" required value={birthDate} onChange={(e) => setBirthDate(e.target.value)} />
      <TextField
        id="google-guardian-email"
        label={ageMessages.guardianEmailLabel}
        hint={ageMessages.guardianEmailHint}
        type="email"
        value={guardianEmail}
        onChange={(e) => setGuardianEmail(e.target.value)}
      />
      <Button type="submit" disabled={busy || !birthDate}>
        {ageMessages.googleAgeButton}
      </Button>
    </form>
  );
}
