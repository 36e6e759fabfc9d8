import { trackEventSchema } from "../analytics";
import { joinWaitlistResponseSchema, joinWaitlistSchema, unsubscribeWaitlistSchema, waitlistPlaceSchema, waitlistTokenSchema } from "../waitlist";
import { endpoints, type EndpointName } from "../endpoints";
import { ok, type Endpoint } from "./shared";

/** The public landing page's endpoints: the waitlist and the page's events. */
export const landingRoutes = {
  joinWaitlist: { ...endpoints.joinWaitlist, summary: "Joins the waitlist: 202 and the same answer whether or not the address was already waiting; its place goes to the address by e-mail.", body: joinWaitlistSchema, response: joinWaitlistResponseSchema },
  unsubscribeWaitlist: { ...endpoints.unsubscribeWaitlist, summary: "Leaves the waitlist with the token from the e-mail (idempotent).", body: unsubscribeWaitlistSchema, response: ok },
  getWaitlistPlace: { ...endpoints.getWaitlistPlace, summary: "The place in the queue of the entry whose e-mail carried this token (the link in the newest waitlist e-mail).", body: waitlistTokenSchema, response: waitlistPlaceSchema },
  trackEvent: { ...endpoints.trackEvent, summary: "Records one landing-page event (sent only after cookie consent).", body: trackEventSchema, response: ok },
} as const satisfies Partial<Record<EndpointName, Endpoint>>;
