import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { cameraModels } from "./scripts/vite/camera-models";
import { markdownContent } from "./scripts/vite/markdown-content";

const apiPort = process.env.PORT ?? "3000";

export default defineConfig({
  plugins: [markdownContent(), cameraModels(), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  server: {
    // `npm run dev`: Vite serves the web app with hot reload and hands API and dev pages to the Fastify process.
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    proxy: {
      "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      "/dev/mailbox": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
});
