import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { serverVersion } from "../../platform/server-version";
import { buildOpenApiDocument } from "./openapi-document";

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

// Our own start script (the package's initializer points at a demo API), a file so the CSP needs no inline script;
// no online validator, whose badge would send the document's address to swagger.io.
const startViewer = `window.addEventListener("load", function () {
  window.SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#api-viewer", deepLinking: true, tryItOutEnabled: false, validatorUrl: "none" });
});
`;

const page = `<!doctype html>
<html lang="en" data-server-page>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Mindprint API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<!-- Swagger UI renders the page's one <main> inside this element. -->
<div id="api-viewer"><noscript><p>The viewer needs JavaScript. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/start-viewer.js"></script>
</body>
</html>
`;

/** The API's own description: /api/openapi.json from the contract's table, and a self-hosted viewer at /api/docs. */
export function registerApiDocsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const document = buildOpenApiDocument(serverVersion(), { production: ctx.config.isProduction });
  defineRoute(app, ctx, api.getOpenApiDocument, async () => document);
  defineRoute(app, ctx, api.getApiDocs, async ({ reply }) => reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(page));
  defineRoute(app, ctx, api.getApiDocsAsset, async ({ params, reply }) => {
    reply.header("cache-control", "public, max-age=3600");
    if (params.file === "start-viewer.js") return reply.type("text/javascript; charset=utf-8").send(startViewer);
    const type = params.file.endsWith(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8";
    return reply.type(type).send(fs.createReadStream(path.join(swaggerUiDir, params.file)));
  });
}
