import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { addLegacyContact, listLegacyContacts, orderLegacyContacts, removeLegacyContact, resendLegacyInvitation, updateLegacyContact } from "./contacts";
import { legacyDeps } from "./deps";
import { acceptLegacyInvitation, listNamedBy } from "./invitations";
import { controlTwin, narrowVoiceScope } from "./heirs";
import { listReleasedMemories, releasedMemoriesFile } from "./reading";
import { cancelRelease, confirmRelease, getRelease, reportDeath, saveReleaseSettings, stillHere } from "./release";

export function registerLegacyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = legacyDeps(ctx);
  defineRoute(app, ctx, api.listLegacyContacts, async ({ user }) => listLegacyContacts(deps, user.id));
  defineRoute(app, ctx, api.addLegacyContact, async ({ user, body, reply }) => {
    const contact = await addLegacyContact(deps, user.id, body);
    reply.status(201);
    return { contact };
  });
  defineRoute(app, ctx, api.updateLegacyContact, async ({ user, params, body }) => ({ contact: await updateLegacyContact(deps, user.id, params.id, body) }));
  defineRoute(app, ctx, api.removeLegacyContact, async ({ user, params }) => {
    await removeLegacyContact(deps, user.id, params.id);
    return { ok: true as const };
  });
  defineRoute(app, ctx, api.resendLegacyInvitation, async ({ user, params }) => ({ contact: await resendLegacyInvitation(deps, user.id, params.id) }));
  defineRoute(app, ctx, api.orderLegacyContacts, async ({ user, body }) => orderLegacyContacts(deps, user.id, body));
  defineRoute(app, ctx, api.acceptLegacyInvitation, async ({ user, body }) => acceptLegacyInvitation(deps, user, body.token));
  defineRoute(app, ctx, api.listNamedBy, async ({ user }) => listNamedBy(deps, user.id));
  defineRoute(app, ctx, api.getRelease, async ({ user }) => getRelease(deps, user.id));
  defineRoute(app, ctx, api.saveReleaseSettings, async ({ user, body }) => saveReleaseSettings(deps, user.id, body));
  defineRoute(app, ctx, api.cancelRelease, async ({ user }) => cancelRelease(deps, user.id));
  defineRoute(app, ctx, api.reportDeath, async ({ user, params, body }) => {
    await reportDeath(deps, user.id, params.id, body.note);
    return listNamedBy(deps, user.id);
  });
  defineRoute(app, ctx, api.confirmRelease, async ({ user, params }) => {
    await confirmRelease(deps, user.id, params.id);
    return listNamedBy(deps, user.id);
  });
  defineRoute(app, ctx, api.pauseLegacyTwin, async ({ user, params, body }) => {
    await controlTwin(deps, user.id, params.id, "pause", body.message);
    return listNamedBy(deps, user.id);
  });
  defineRoute(app, ctx, api.resumeLegacyTwin, async ({ user, params }) => {
    await controlTwin(deps, user.id, params.id, "resume");
    return listNamedBy(deps, user.id);
  });
  defineRoute(app, ctx, api.retireLegacyTwin, async ({ user, params }) => {
    await controlTwin(deps, user.id, params.id, "retire");
    return listNamedBy(deps, user.id);
  });
  defineRoute(app, ctx, api.narrowLegacyVoiceScope, async ({ user, params, body }) => {
    await narrowVoiceScope(deps, user.id, params.id, body.scope);
    return listNamedBy(deps, user.id);
  });
  defineRoute(app, ctx, api.downloadReleasedMemories, async ({ user, params, reply }) => {
    const file = await releasedMemoriesFile(deps, user.id, params.id);
    const day = file.exportedAt.slice(0, 10);
    return reply
      .header("content-disposition", `attachment; filename="released-memories-${day}.json"`)
      .header("cache-control", "private, no-store")
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(file, null, 2));
  });
  defineRoute(app, ctx, api.listReleasedMemories, async ({ user, params, query }) => listReleasedMemories(deps, user.id, params.id, query));
  defineRoute(app, ctx, api.stillHere, async ({ body }) => {
    await stillHere(deps, body.token);
    return { ok: true as const };
  });
}
