import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { api, legacyMessages } from "../../../contract";
import { networkKey } from "../../platform/network-key";
import { consumeRateLimit } from "../../platform/rate-limit";
import type { AppContext } from "../../app-context";
import { admitGeneration, withGeneration } from "../../platform/generation-limit";
import { defineRoute } from "../../platform/http";
import type { SpokenAudio } from "../../providers/voice/voice-engine";
import { startAnswer } from "./answer";
import { speakTwinAnswer } from "./answer-speech";
import { answerStreamResponse } from "./chat-stream";
import { generateMemoryInsight, generateValuesSummary } from "./insights";
import { listTwinMessages, setTwinFeedback } from "./messages";
import { checkInText } from "./safety";
import { readerCountry, timeZoneOf } from "./reader-country";
import { decideScenario } from "./scenario";
import { getTwinStatus } from "./status";
import { addPerson, listPeople, removePerson, updatePerson } from "./people";
import { openMemorialTwin, startMemorialAnswer } from "./memorial-twin";
import { getVisitorTwin, openVisitorTwin, speakVisitorAnswer, startVisitorAnswer } from "./visitor";

/** A visitor's questions to a released twin, per visitor (on top of the generation slots every answer takes). */
const VISITOR_QUESTIONS_PER_10_MIN = 40;

export function registerTwinRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.getTwinStatus, async ({ user }) => getTwinStatus(ctx, user.id));
  // The check-in kept with an answer is shown with the helplines of the reader's country first.
  const checkInFor = async (userId: string, request: FastifyRequest) => checkInText(ctx, await readerCountry(ctx.db, userId, timeZoneOf(request)));
  defineRoute(app, ctx, api.listTwinMessages, async ({ user, request }) => ({ messages: await listTwinMessages(ctx.db, user.id, await checkInFor(user.id, request)) }));
  defineRoute(app, ctx, api.setTwinFeedback, async ({ user, params, body, request }) => ({ message: await setTwinFeedback(ctx.db, user.id, params.id, body.feedback, await checkInFor(user.id, request)) }));
  // Audio bytes; MP3 or WAV, not run through Brotli.
  defineRoute(
    app,
    ctx,
    api.speakTwinAnswer,
    async ({ user, params, body, reply }) => sendAudio(reply, await speakTwinAnswer(ctx, user.id, params.id, body.voiceId)),
    { compress: false },
  );
  defineRoute(app, ctx, api.decideTwinScenario, async ({ user, body }) => withGeneration(ctx, user.id, () => decideScenario(ctx, user.id, body.scenario)));
  defineRoute(app, ctx, api.generateMemoryInsight, async ({ user }) => withGeneration(ctx, user.id, () => generateMemoryInsight(ctx.db, user.id)));
  defineRoute(app, ctx, api.generateValuesSummary, async ({ user }) => withGeneration(ctx, user.id, () => generateValuesSummary(ctx.db, user.id)));
  defineRoute(app, ctx, api.listPeople, async ({ user }) => listPeople(ctx.db, user.id));
  defineRoute(app, ctx, api.addPerson, async ({ user, body, reply }) => {
    reply.status(201);
    return { person: await addPerson(ctx.db, user.id, body) };
  });
  defineRoute(app, ctx, api.updatePerson, async ({ user, params, body }) => ({ person: await updatePerson(ctx.db, user.id, params.id, body) }));
  defineRoute(app, ctx, api.removePerson, async ({ user, params }) => {
    await removePerson(ctx.db, user.id, params.id);
    return { ok: true as const };
  });

  defineRoute(app, ctx, api.getVisitorTwin, async ({ user, params, request }) => getVisitorTwin(ctx, user.id, params.id, timeZoneOf(request)));
  // Audio bytes; MP3 or WAV, not run through Brotli.
  defineRoute(
    app,
    ctx,
    api.speakVisitorTwinAnswer,
    async ({ user, params, body, reply }) => sendAudio(reply, await speakVisitorAnswer(ctx, user.id, params.id, body.messageId)),
    { compress: false },
  );
  defineRoute(
    app,
    ctx,
    api.sendVisitorTwinMessage,
    async ({ user, params, body, request, reply }) => {
      // Refusals (not named, not released, paused, too many questions) answer as plain errors before any stream.
      const legacy = await openVisitorTwin(ctx, user.id, params.id);
      await consumeRateLimit(ctx.db, { key: `visitor-twin:${user.id}`, limit: VISITOR_QUESTIONS_PER_10_MIN, windowSeconds: 600, message: legacyMessages.visitorChatLimit });
      return streamAnswer(ctx, user.id, request, reply, (signal) => startVisitorAnswer(ctx, user.id, legacy, body.text, signal, timeZoneOf(request)));
    },
    { compress: false },
  );

  // Anyone may ask a public memorial's twin: limited per network address and for all memorials together (the second
  // bounds what anonymous visitors can cost), then the same generation slots as everyone (keyed by address).
  defineRoute(
    app,
    ctx,
    api.askMemorialTwin,
    async ({ params, body, request, reply }) => {
      const network = networkKey(request.ip);
      await consumeRateLimit(ctx.db, { key: `memorial-twin:ip:${network}`, limit: ctx.config.MEMORIAL_IP_LIMIT, windowSeconds: 600, message: legacyMessages.memorialIpLimit });
      await consumeRateLimit(ctx.db, { key: "memorial-twin:all", limit: ctx.config.MEMORIAL_GLOBAL_LIMIT, windowSeconds: 600, message: legacyMessages.memorialBusy });
      const memorial = await openMemorialTwin(ctx, params.slug);
      return streamAnswer(ctx, `memorial:${network}`, request, reply, (signal) => startMemorialAnswer(ctx, memorial, body.text, signal, timeZoneOf(request)));
    },
    { compress: false },
  );

  // A stream; never compressed, because a compressor would hold the tokens back.
  defineRoute(
    app,
    ctx,
    api.sendTwinMessage,
    async ({ user, body, request, reply }) => streamAnswer(ctx, user.id, request, reply, (signal) => startAnswer(ctx, user.id, body.text, { abortSignal: signal, timeZone: timeZoneOf(request) })),
    { compress: false },
  );
}

/** Spoken audio as the answer, never cached: it is one person's and made on request. */
function sendAudio(reply: FastifyReply, spoken: SpokenAudio) {
  reply.header("content-type", spoken.contentType).header("content-length", String(spoken.audio.length)).header("cache-control", "private, no-store");
  return reply.send(Buffer.from(spoken.audio.buffer, spoken.audio.byteOffset, spoken.audio.byteLength));
}

/**
 * Streams one answer, for the asker `askerKey` names (a person's id, or a memorial visitor's address). The response's socket closing before the answer finished means the person stopped it or left;
 * it is listened to before waiting for a slot, so leaving while in line also gives the slot back. The slot is taken
 * before the stream starts, so a refusal is a plain 429 with Retry-After, and held until the answer is stored, failed
 * or stopped.
 */
async function streamAnswer(ctx: AppContext, askerKey: string, request: FastifyRequest, reply: FastifyReply, start: (signal: AbortSignal) => ReturnType<typeof startAnswer>) {
  const abort = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) abort.abort(new Error("the client went away"));
  });
  const release = await admitGeneration(ctx, askerKey);
  if (abort.signal.aborted) {
    release();
    return reply;
  }
  const response = answerStreamResponse(() => start(abort.signal), (error) => request.log.error({ err: error }, "twin answer failed"), release);
  reply.status(response.status).header("cache-control", "no-store");
  response.headers.forEach((value, key) => reply.header(key, value));
  return reply.send(response.body);
}
