import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/public/home.tsx"),
  route("waitlist", "routes/public/waitlist.tsx"),
  route("waitlist/unsubscribe", "routes/public/waitlist-unsubscribe.tsx"),
  route("how-it-works", "routes/public/how-it-works.tsx"),
  route("technology", "routes/public/technology.tsx"),
  route("faq", "routes/public/faq.tsx"),
  route("about", "routes/public/about.tsx"),
  route("blog", "routes/public/blog-index.tsx"),
  route("blog/:slug", "routes/public/blog-article.tsx"),
  route("terms", "routes/public/legal/terms.tsx"),
  route("privacy", "routes/public/legal/privacy.tsx"),
  route("cookies", "routes/public/legal/cookies.tsx"),
  route("trust", "routes/public/legal/trust.tsx"),
  route("dmca-copyright", "routes/public/legal/dmca-copyright.tsx"),
  route("debug", "routes/public/debug.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("login/confirm", "routes/auth/login-confirm.tsx"),
  layout("routes/guarded/guard.tsx", [
    ...prefix("onboarding", [
      index("routes/onboarding/intentions.tsx"),
      route("identity", "routes/onboarding/identity.tsx"),
      route("trait-calibration", "routes/onboarding/trait-calibration.tsx"),
      route("summary", "routes/onboarding/summary.tsx"),
      route("contribute", "routes/onboarding/contribute.tsx"),
      route("complete", "routes/onboarding/complete.tsx"),
    ]),
    layout("routes/dashboard/layout.tsx", [
      route("dashboard", "routes/dashboard/home.tsx"),
      route("dashboard/:section", "routes/dashboard/section.tsx"),
    ]),
    route("dev-test", "routes/guarded/dev-test.tsx"),
    route("voice-training", "routes/dashboard/legacy-redirects.tsx", { id: "voice-training" }),
    route("memory", "routes/dashboard/legacy-redirects.tsx", { id: "memory" }),
  ]),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
