import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/public/home.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("login/confirm", "routes/auth/login-confirm.tsx"),
  layout("routes/guarded/guard.tsx", [
    ...prefix("onboarding", [
      index("routes/onboarding/start.tsx"),
      route(":step", "routes/onboarding/step.tsx"),
    ]),
    layout("routes/dashboard/layout.tsx", [
      route("dashboard", "routes/dashboard/home.tsx"),
      route("dashboard/:section", "routes/dashboard/section.tsx"),
    ]),
    route("dev-test", "routes/guarded/dev-test.tsx"),
  ]),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
