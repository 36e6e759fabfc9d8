import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import type { AppContext } from "../../platform/context";
import { defineRoute } from "../../platform/http";
import { deleteAccount } from "./service";

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.deleteAccount, ({ request, reply, user }) => deleteAccount(ctx, request, reply, user));
}
