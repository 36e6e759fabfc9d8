import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import { callerOf, sendCookies } from "../../platform/caller";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { deleteAccount } from "./service";

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.deleteAccount, ({ request, reply, user }) => deleteAccount(ctx, callerOf(request), user, (setCookies) => sendCookies(reply, setCookies)));
}
