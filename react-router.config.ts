import type { Config } from "@react-router/dev/config";

/**
 * Framework mode without a server renderer: public pages are prerendered to real HTML at build time,
 * the signed-in app runs client-side and is served through the SPA fallback.
 */
export default {
  appDirectory: "src/web",
  buildDirectory: "build",
  ssr: false,
  prerender: ["/", "/login"],
} satisfies Config;
