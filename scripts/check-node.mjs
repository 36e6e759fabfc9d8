// Every npm script must run on the pinned Node 24 from node_modules/.bin; a silent fall-back to an
// older system Node (e.g. after `npm install --ignore-scripts`) is stopped here with a clear message.
const major = Number(process.versions.node.split(".")[0]);
if (major < 22) {
  console.error(
    `Mindprint needs Node 22.12 or newer, but this script runs on Node ${process.versions.node}.\n` +
      "The project pins Node 24 through the `node` package: run `npm install` (without --ignore-scripts) and use npm scripts.",
  );
  process.exit(1);
}
