import type { FastifyInstance } from "fastify";
import { noindexRoutes, publicRoutes } from "../../../contract/public-routes";
import type { AppContext } from "../../app-context";

/** sitemap.xml and robots.txt, written for the origin this server is configured with (PUBLIC_URL). */
export function registerSiteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const origin = ctx.config.publicUrl;
  app.get("/sitemap.xml", async (_request, reply) => {
    const urls = publicRoutes.map((path) => `  <url><loc>${origin}${path === "/" ? "/" : path}</loc></url>`).join("\n");
    reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=3600");
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  });
  app.get("/robots.txt", async (_request, reply) => {
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600");
    return ["User-agent: *", "Allow: /", ...noindexRoutes.map((path) => `Disallow: ${path}`), "Disallow: /api/", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  });
}
