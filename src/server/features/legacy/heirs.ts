import { eq } from "drizzle-orm";
import { legacyMessages, voiceConsentScopeLabels, type LegacyState, type VoiceConsentScope } from "../../../contract";
import { legacyReleases } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { narrowConsentScope } from "../voice";
import type { LegacyDeps } from "./deps";
import { ownerFor } from "./contact-owner";
import { tellTwinControl } from "./family-notices";
import { deliverSoon } from "./outbox";
import { audit, releaseRow } from "./release-rows";

type Control = "pause" | "resume" | "retire";

/** Which states each of the executor's controls moves from and to. Retiring is final. */
const moves: Record<Control, { from: LegacyState[]; to: LegacyState; refusal: string; action: string }> = {
  pause: { from: ["released"], to: "paused", refusal: legacyMessages.cannotPause, action: "Twin paused by an executor" },
  resume: { from: ["paused"], to: "released", refusal: legacyMessages.cannotResume, action: "Twin resumed by an executor" },
  retire: { from: ["released", "paused"], to: "retired", refusal: legacyMessages.cannotRetire, action: "Twin retired by an executor" },
};

/**
 * The heirs' controls over a released twin (issue 16): an executor pauses it (every visitor sees their message and the
 * twin stops answering), resumes it, or retires it for good (visitors keep reading the released memories for the
 * owner's retention period). A contact who is not an executor is refused; anyone else gets 404. Each change is
 * written to the audit log, which the owner's contacts see in summary.
 */
export async function controlTwin(deps: LegacyDeps, contactUserId: string, contactId: string, control: Control, message = ""): Promise<void> {
  const { ownerId, name, role } = await ownerFor(deps, contactUserId, contactId);
  if (role !== "executor") throw new AppError("access_denied", legacyMessages.notExecutor);
  const move = moves[control];
  await withUserScope(deps.db, ownerId, async (tx) => {
    const now = deps.now();
    const row = await releaseRow(tx, ownerId);
    if (!move.from.includes(row.state as LegacyState)) throw new AppError("legacy_contact_conflict", move.refusal);
    await tx
      .update(legacyReleases)
      .set({
        state: move.to,
        pauseMessage: control === "pause" ? message || null : null,
        ...(control === "retire" ? { retiredAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(legacyReleases.userId, ownerId));
    await audit(tx, ownerId, now, { kind: "contact", contactId, name }, move.action, row.state as LegacyState, move.to, control === "pause" ? message || null : null);
    // Everyone the owner named is told, through the outbox in this transaction (decision 0033).
    const readableUntil = control === "retire" ? new Date(new Date(now).setUTCMonth(now.getUTCMonth() + row.retentionMonths)) : null;
    await tellTwinControl(deps, tx, ownerId, { at: now, control, executorName: name, message: control === "pause" ? message || null : null, readableUntil });
  });
  await deliverSoon(deps, ownerId);
}

/**
 * An executor narrows the owner's voice consent after release (only me < my contacts < public memorial), never widens
 * it; the change is audited like the other controls.
 */
export async function narrowVoiceScope(deps: LegacyDeps, contactUserId: string, contactId: string, scope: VoiceConsentScope): Promise<void> {
  const { ownerId, name, role } = await ownerFor(deps, contactUserId, contactId);
  if (role !== "executor") throw new AppError("access_denied", legacyMessages.notExecutor);
  await withUserScope(deps.db, ownerId, async (tx) => {
    const now = deps.now();
    const row = await releaseRow(tx, ownerId);
    if (!["released", "paused", "retired"].includes(row.state)) throw new AppError("legacy_not_released", legacyMessages.notReleased(name));
    const { from, to } = await narrowConsentScope(tx, ownerId, scope);
    const state = row.state as LegacyState;
    await audit(tx, ownerId, now, { kind: "contact", contactId, name }, "Voice consent narrowed by an executor", state, state, `${voiceConsentScopeLabels[from]} → ${voiceConsentScopeLabels[to]}`);
  });
}
