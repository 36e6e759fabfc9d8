import { fileURLToPath } from "node:url";

/**
 * The crisis reader's trained layers and head, committed in `models/crisis-reader/` (training/README.md), over the same
 * npm-shipped base as the twin's reader (twin-reader-files.ts). Nothing is fetched.
 */
export const CRISIS_READER_TRAINED_DIR = fileURLToPath(new URL("../../../../models/crisis-reader/", import.meta.url));

/** Longest input, in tokens, in training and at run time alike: a message and the three before it. */
export const CRISIS_READER_MAX_TOKENS = 160;
