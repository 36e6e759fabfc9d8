import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import { callerOf, sendCookies } from "../../platform/caller";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { deleteAccount } from "./service";

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.deleteAccount, async ({ request, reply, user }) => {
    const { answer, setCookies } = await deleteAccount(ctx, callerOf(request), user);
    sendCookies(reply, setCookies);
    return answer;
  });
}
