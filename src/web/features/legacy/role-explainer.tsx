import type { LegacyRole } from "../../../contract";

/**
 * What being someone's contact or executor means, before their legacy is released and after, in plain words. `name` is
 * the first name the owner gave (null: "they"), never an address.
 */
export function RoleExplainer({ role, name }: { role: LegacyRole; name: string | null }) {
  const who = name ?? "they";
  const whose = name ? `${name}'s` : "their";
  return (
    <div className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 text-sm" data-testid="role-explainer">
      <h2 className="text-lg font-semibold">{role === "executor" ? "What being an executor means" : "What being a contact means"}</h2>
      <div>
        <h3 className="font-medium">Before the release</h3>
        <p>
          You see only that {who} named you, and your role: nothing of what {who} recorded. If {who} dies, you can report it (when {who} allowed reports); {who} is told at
          once, and a waiting period begins in which {who} can still cancel the release.
          {role === "executor" && " As executor you confirm the release: you are asked first, and told the date it will happen."}
        </p>
      </div>
      <div>
        <h3 className="font-medium">After the release</h3>
        <p>
          You can read the memories {who} left for you, talk with {whose} twin, and hear {whose} voice and recordings where {who} allowed it.
          {role === "executor" &&
            " As executor you can also download the released memories as a file, see documents attached to a death report, pause, resume or retire the twin, and narrow who hears the voice."}
        </p>
      </div>
      <p className="text-muted">You do not need a twin of your own.</p>
    </div>
  );
}
