/** Blog article slugs, in the order of the blog index (newest first). */
export const blogSlugs = [
  "tesla-doesnt-think",
  "digital-twin-vs-chatbot",
  "privacy-paradox",
  "when-ai-sounds-like-you",
  "digital-immortality-vs-legacy",
] as const;

/** Every public page: prerendered at build time and listed in sitemap.xml. */
export const publicRoutes = [
  "/",
  "/waitlist",
  "/how-it-works",
  "/technology",
  "/faq",
  "/about",
  "/blog",
  ...blogSlugs.map((slug) => `/blog/${slug}`),
  "/terms",
  "/privacy",
  "/cookies",
  "/trust",
  "/formulas",
  "/dmca-copyright",
] as const;

/** Pages that search engines must not index (they also carry a robots meta tag). */
export const noindexRoutes = ["/login", "/dashboard", "/onboarding", "/dev-test", "/debug", "/legacy"] as const;

/** The development pages: served in development only, a 404 in production (SECURITY.md 49). */
export const devPagePatterns: readonly RegExp[] = [/^\/debug\/?$/, /^\/dev-test\/?$/];

/**
 * Every page the web app serves besides the prerendered public ones (src/web/routes.ts), as path patterns. The
 * server answers any other path with the app's own "not found" page and status 404.
 */
export const appPagePatterns: readonly RegExp[] = [
  /^\/login(\/confirm)?\/?$/,
  /^\/waitlist\/(unsubscribe|place)\/?$/,
  /^\/onboarding(\/(identity|trait-calibration|summary|contribute|complete))?\/?$/,
  /^\/dashboard(\/[a-z-]+)?\/?$/,
  /^\/(voice-training|memory)\/?$/,
  /^\/legacy(\/(accept|still-here))?\/?$/,
  /^\/legacy\/[0-9a-f-]{36}\/(memories|twin)\/?$/,
  // A memorial that is not open answers "not found" inside the page; the server cannot tell without asking.
  /^\/memorial\/[a-z0-9-]{3,60}\/?$/,
];
