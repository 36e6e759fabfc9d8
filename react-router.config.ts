import type { Config } from "@react-router/dev/config";
import { publicRoutes } from "./src/contract/public-routes";

/**
 * Framework mode without a server renderer: every public page (and /login) is prerendered to real HTML at
 * build time; the signed-in app runs client-side and is served through the SPA fallback.
 */
export default {
  appDirectory: "src/web",
  buildDirectory: "build",
  ssr: false,
  prerender: [...publicRoutes, "/login"],
} satisfies Config;
