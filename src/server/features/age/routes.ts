import type { FastifyInstance, FastifyReply } from "fastify";
import { ageMessages, api, messages } from "../../../contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { defineRoute } from "../../platform/http";
import { renderNoScriptPage, type NoScriptPage } from "../../platform/no-script-page";
import { readOwnAge, stateOwnAge } from "./age";
import { confirmGuardian } from "./guardian";

const formOf = (body: unknown): Record<string, string> => (body && typeof body === "object" ? (body as Record<string, string>) : {});
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

function sendPage(reply: FastifyReply, status: number, page: NoScriptPage) {
  return reply.status(status).header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store").send(renderNoScriptPage(page));
}

const invalidLink: NoScriptPage = { title: "A guardian's consent", paragraphs: [ageMessages.guardianLinkInvalid], isError: true, link: { href: "/", text: "Mindprint" } };

export function registerAgeRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.getMyAge, async ({ user }) => readOwnAge(ctx, user.id));
  defineRoute(app, ctx, api.stateMyAge, async ({ user, body }) => stateOwnAge(ctx, user, body));

  // The guardian's link opens a page with a button (mail scanners open links too); only the button records consent.
  // Server-written pages, like sign-in's, so they work for a guardian whatever their browser runs.
  app.get("/age/guardian", async (request, reply) => {
    const token = formOf(request.query).token ?? "";
    if (!tokenPattern.test(token)) return sendPage(reply, 400, invalidLink);
    return sendPage(reply, 200, {
      title: "A guardian's consent",
      paragraphs: [
        "Your child asked to use Mindprint, where people keep their memories and voice as an AI twin that family and friends can talk with. People aged 13 to 17 may use it only with a parent's or guardian's consent.",
        "If you agree, press the button. If you do not, close this page: nothing about your child is kept.",
      ],
      form: { action: "/age/guardian", fields: { token }, button: "I agree" },
    });
  });

  app.post("/age/guardian", async (request, reply) => {
    const token = formOf(request.body).token ?? "";
    if (!tokenPattern.test(token)) return sendPage(reply, 400, invalidLink);
    try {
      const outcome = await confirmGuardian(ctx, token);
      return sendPage(reply, 200, {
        title: "Thank you",
        paragraphs: [outcome === "account-created" ? ageMessages.guardianConfirmed : ageMessages.guardianConfirmedExisting],
      });
    } catch (error) {
      if (error instanceof AppError && error.code === "guardian_link_invalid") return sendPage(reply, 400, invalidLink);
      request.log.error({ err: error }, "recording a guardian's consent failed");
      return sendPage(reply, 500, { title: "A guardian's consent", paragraphs: [messages.internal], isError: true });
    }
  });
}
