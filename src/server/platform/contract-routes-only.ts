import type { FastifyInstance } from "fastify";
import { api, type Endpoint } from "../../contract";

const declared = new Set(Object.values(api as Record<string, Endpoint>).map((endpoint) => `${endpoint.method} ${endpoint.path}`));

/**
 * Every route under /api must be an entry of the contract's table, so /api/openapi.json lists all of them: adding one
 * any other way fails when the app is built, not in a review. HEAD is Fastify's automatic twin of a declared GET.
 */
export function requireContractForApiRoutes(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") && route.url !== "/api") return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const asDeclared = method === "HEAD" ? "GET" : method;
      if (!declared.has(`${asDeclared} ${route.url}`)) throw new Error(`${method} ${route.url} is not in src/contract/routes.ts: declare it there and register it with defineRoute.`);
    }
  });
}
