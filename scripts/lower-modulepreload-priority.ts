// Runs after `react-router build`. Prerendered public pages are complete HTML that people can read before any
// script runs, so their JavaScript should not compete with the page and its stylesheet on a slow connection.
// React Router writes a <link rel="modulepreload"> for every module of the page into <head>, which the browser
// fetches at high priority, ahead of first paint. We mark those links `fetchpriority="low"` on the prerendered
// pages: the modules still start downloading at once (so the page becomes interactive as early as before on a
// fast connection), but the stylesheet and the page itself come first. The SPA fallback is left as it is,
// because for app pages the scripts are the page.
import fs from "node:fs";
import path from "node:path";

const clientDir = path.resolve("build/client");
let pages = 0;
let marked = 0;

function visit(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) visit(full);
    else if (entry.name === "index.html") {
      const html = fs.readFileSync(full, "utf8");
      const lowered = html.replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, () => {
        marked++;
        return '<link rel="modulepreload" fetchpriority="low"';
      });
      fs.writeFileSync(full, lowered);
      pages++;
    }
  }
}

visit(clientDir);
console.log(`Prerendered pages: ${marked} module preloads in ${pages} pages set to low priority.`);
