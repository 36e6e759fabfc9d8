import { ShieldCheck } from "lucide-react";
import { useSession, useSignOut } from "../../lib/session";
import { Brand } from "../../ui/brand";

/** The header of every onboarding screen: "Private & Secure", the user's initial and e-mail, and Log out. */
export function OnboardingHeader() {
  const email = useSession().data?.user?.email ?? "";
  const signOut = useSignOut();
  return (
    <header className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 bg-white px-4 py-3 sm:px-6">
      <div className="flex items-center gap-3">
        <Brand />
        <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2.5 py-1 text-sm text-green-800">
          <ShieldCheck aria-hidden="true" className="h-4 w-4" /> Private &amp; Secure
        </span>
      </div>
      <div className="flex min-w-0 items-center gap-3">
        <span aria-hidden="true" className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-brand text-sm font-semibold uppercase text-white">
          {email.charAt(0)}
        </span>
        <span className="min-w-0 max-w-[10rem] truncate text-sm sm:max-w-none" title={email}>{email}</span>
        <button type="button" onClick={signOut} className="min-h-11 shrink-0 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm underline hover:bg-stone-100">
          Log out
        </button>
      </div>
    </header>
  );
}
