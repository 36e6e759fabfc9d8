// Runs after `react-router build`. Prerendered public pages are complete HTML that people can read before any
// script runs, so their JavaScript should not compete with the page and its stylesheet for a slow connection.
// React Router writes a <link rel="modulepreload"> for every module of the page into <head>; the browser
// fetches those at high priority, ahead of first paint. We remove them from the prerendered pages only: the
// inline bootstrap script still imports every module (so hydration is unchanged), and the app pages served
// through the SPA fallback keep their preloads, because there the scripts are the page.
import fs from "node:fs";
import path from "node:path";

const clientDir = path.resolve("build/client");
let pages = 0;
let removed = 0;

function visit(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) visit(full);
    else if (entry.name === "index.html") {
      const html = fs.readFileSync(full, "utf8");
      const stripped = html.replace(/<link rel="modulepreload"[^>]*\/?>/g, () => {
        removed++;
        return "";
      });
      fs.writeFileSync(full, stripped);
      pages++;
    }
  }
}

visit(clientDir);
console.log(`Prerendered pages: removed ${removed} modulepreload links from ${pages} pages.`);
