import type { FastifyInstance, FastifyReply } from "fastify";
import { confirmMagicLinkSchema, messages, requestMagicLinkSchema } from "../../../contract";
import { callerOf, sendCookies } from "../../platform/caller";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { toLocationHeader } from "../../platform/location-header";
import { renderNoScriptPage, type NoScriptPage } from "./no-script-page";
import { confirmMagicLink, requestMagicLink } from "./service";

const formOf = (body: unknown): Record<string, string> => (body && typeof body === "object" ? (body as Record<string, string>) : {});

function sendPage(reply: FastifyReply, status: number, page: NoScriptPage) {
  return reply.status(status).header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store").send(renderNoScriptPage(page));
}

const problemPage = (error: unknown): [number, NoScriptPage] => {
  const known = error instanceof AppError;
  return [
    known ? error.status : 500,
    { title: "Sign-in", paragraphs: [known ? error.message : messages.internal], isError: true, link: { href: "/login", text: "Back to login" } },
  ];
};

/**
 * Sign-in that works before the web app's scripts have loaded, or without them (progressive enhancement): the login
 * form and the confirmation page are real forms the server answers. Once the app has loaded, the same forms are
 * handled by it through the API instead. The token is spent only by the POST, never by opening the link.
 */
export function registerSignInFormRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post("/login/send", async (request, reply) => {
    const form = formOf(request.body);
    try {
      const input = requestMagicLinkSchema.parse({ email: form.email ?? "", ...(form.next ? { next: form.next } : {}) });
      const result = await requestMagicLink(ctx, callerOf(request), input);
      return sendPage(reply, 200, { title: "Check your e-mail", paragraphs: [result.message, "Open the link in the e-mail on this device to finish signing in."], link: { href: "/login", text: "Back to login" } });
    } catch (error) {
      if (error instanceof Error && error.name === "ZodError") return sendPage(reply, 400, { title: "Sign-in", paragraphs: [messages.emailInvalid], isError: true, link: { href: "/login", text: "Back to login" } });
      return sendPage(reply, ...problemPage(error));
    }
  });

  // Opening the e-mailed link shows a button; it does not sign in (mail scanners open links too).
  app.get("/login/confirm", async (request, reply) => {
    const query = formOf(request.query);
    const parsed = confirmMagicLinkSchema.safeParse({ token: query.token ?? "", ...(query.next ? { next: query.next } : {}) });
    if (!parsed.success) return sendPage(reply, 400, { title: "Finish signing in", paragraphs: [messages.linkInvalid], isError: true, link: { href: "/login", text: "Back to login" } });
    return sendPage(reply, 200, {
      title: "Finish signing in",
      paragraphs: ["Press the button to sign in to Mindprint on this device."],
      form: { action: "/login/confirm", fields: { token: parsed.data.token, next: parsed.data.next ?? "/" }, button: "Sign in" },
    });
  });

  app.post("/login/confirm", async (request, reply) => {
    const form = formOf(request.body);
    const parsed = confirmMagicLinkSchema.safeParse({ token: form.token ?? "", ...(form.next ? { next: form.next } : {}) });
    if (!parsed.success) return sendPage(reply, 400, { title: "Finish signing in", paragraphs: [messages.linkInvalid], isError: true, link: { href: "/login", text: "Back to login" } });
    try {
      sendCookies(reply, (await confirmMagicLink(ctx, callerOf(request), parsed.data.token)).setCookies);
    } catch (error) {
      return sendPage(reply, ...problemPage(error));
    }
    // See Other: the browser follows with a GET to the page the person was going to; the fragment tells the app there
    // that this tab just signed in, so it can tell the person's other open tabs (it never reaches a server).
    const next = toLocationHeader(parsed.data.next ?? "/");
    return reply.redirect(next.includes("#") ? next : `${next}#signed-in`, 303);
  });
}
