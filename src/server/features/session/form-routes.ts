import type { FastifyInstance, FastifyReply } from "fastify";
import { ageMessages, birthDateSchema, confirmMagicLinkSchema, guardianEmailSchema, messages, requestMagicLinkSchema } from "../../../contract";
import { callerOf, sendCookies } from "../../platform/caller";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { toLocationHeader } from "../../platform/location-header";
import { renderNoScriptPage, type NoScriptPage } from "../../platform/no-script-page";
import { isSignUpToken } from "../age";
import { confirmMagicLink, requestMagicLink } from "./service";

const formOf = (body: unknown): Record<string, string> => (body && typeof body === "object" ? (body as Record<string, string>) : {});

function sendPage(reply: FastifyReply, status: number, page: NoScriptPage) {
  return reply.status(status).header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store").send(renderNoScriptPage(page));
}

/** The confirmation page of a new address: the date of birth (asked once), and a guardian's address for 13–17. */
const signUpPage = (fields: Record<string, string>, problem?: string, birthDate?: string): NoScriptPage => ({
  title: "Create your account",
  paragraphs: problem ? [problem] : ["Welcome to Mindprint. " + ageMessages.birthDateHint],
  isError: Boolean(problem),
  form: {
    action: "/login/confirm",
    fields,
    inputs: [
      { name: "birthDate", label: ageMessages.birthDateLabel, type: "date", required: true, value: birthDate },
      { name: "guardianEmail", label: ageMessages.guardianEmailLabel, type: "email", hint: ageMessages.guardianEmailHint },
    ],
    button: "Create account",
  },
});

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

  // Opening the e-mailed link shows a button; it does not sign in (mail scanners open links too). A link that would
  // create an account asks for the date of birth first (and a guardian's address for 13–17).
  app.get("/login/confirm", async (request, reply) => {
    const query = formOf(request.query);
    const parsed = confirmMagicLinkSchema.safeParse({ token: query.token ?? "", ...(query.next ? { next: query.next } : {}) });
    if (!parsed.success) return sendPage(reply, 400, { title: "Finish signing in", paragraphs: [messages.linkInvalid], isError: true, link: { href: "/login", text: "Back to login" } });
    const fields = { token: parsed.data.token, next: parsed.data.next ?? "/" };
    if (await isSignUpToken(ctx, parsed.data.token)) return sendPage(reply, 200, signUpPage(fields));
    return sendPage(reply, 200, {
      title: "Finish signing in",
      paragraphs: ["Press the button to sign in to Mindprint on this device."],
      form: { action: "/login/confirm", fields, button: "Sign in" },
    });
  });

  app.post("/login/confirm", async (request, reply) => {
    const form = formOf(request.body);
    const parsed = confirmMagicLinkSchema.safeParse({ token: form.token ?? "", ...(form.next ? { next: form.next } : {}) });
    if (!parsed.success) return sendPage(reply, 400, { title: "Finish signing in", paragraphs: [messages.linkInvalid], isError: true, link: { href: "/login", text: "Back to login" } });
    const fields = { token: parsed.data.token, next: parsed.data.next ?? "/" };
    const birthDate = form.birthDate ? birthDateSchema.safeParse(form.birthDate) : null;
    if (birthDate && !birthDate.success) return sendPage(reply, 400, signUpPage(fields, ageMessages.birthDateInvalid));
    const guardianEmail = form.guardianEmail ? guardianEmailSchema.safeParse(form.guardianEmail) : null;
    if (guardianEmail && !guardianEmail.success) return sendPage(reply, 400, signUpPage(fields, ageMessages.guardianEmailInvalid, birthDate?.data));
    let guardianPending: boolean;
    try {
      const confirmed = await confirmMagicLink(ctx, callerOf(request), { token: parsed.data.token, birthDate: birthDate?.data, guardianEmail: guardianEmail?.data });
      sendCookies(reply, confirmed.setCookies);
      guardianPending = confirmed.answer.guardianPending;
    } catch (error) {
      if (error instanceof AppError && (error.code === "age_required" || error.code === "guardian_required" || error.code === "validation_failed")) {
        return sendPage(reply, error.status, signUpPage(fields, error.message, birthDate?.data));
      }
      if (error instanceof AppError && error.code === "age_not_permitted") {
        return sendPage(reply, error.status, { title: "We cannot create an account", paragraphs: [error.message], isError: true, link: { href: "/", text: "Back to Mindprint" } });
      }
      return sendPage(reply, ...problemPage(error));
    }
    if (guardianPending) return sendPage(reply, 202, { title: "Ask your parent or guardian", paragraphs: [ageMessages.guardianAsked], link: { href: "/", text: "Back to Mindprint" } });
    // See Other: the browser follows with a GET to the page the person was going to; the fragment tells the app there
    // that this tab just signed in, so it can tell the person's other open tabs (it never reaches a server).
    const next = toLocationHeader(parsed.data.next ?? "/");
    return reply.redirect(next.includes("#") ? next : `${next}#signed-in`, 303);
  });
}
