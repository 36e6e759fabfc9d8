import { MockLanguageModelV4 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onboardingMessages } from "../../../contract";
import { ADULT_BIRTH_DATE, createTestApp, get, signIn, type TestApp } from "../../test/harness";

let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t, "onboarder@example.com");
  userId = (await get(t, "/api/session", cookie)).json().user.id;
});
afterAll(() => t.close());

const send = (method: "PUT" | "POST", url: string, payload: unknown, who = cookie) =>
  t.app.inject({ method, url, payload: payload as object, headers: { origin: "http://localhost:3000", cookie: who } });

describe("step 1: intents", () => {
  it("saves one to three known intents; the first is the primary intent", async () => {
    const response = await send("PUT", "/api/profile/intents", { intents: ["build_twin", "preserve_memory"] });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({ userIntents: ["build_twin", "preserve_memory"], primaryIntent: "build_twin" });
  });

  it("drops unknown values and duplicates before counting", async () => {
    const response = await send("PUT", "/api/profile/intents", { intents: ["hack_the_planet", "exploring", "exploring"] });
    expect(response.json().profile.userIntents).toEqual(["exploring"]);
  });

  it("refuses none (or only unknown ones) and more than three, with the spec's messages", async () => {
    for (const intents of [[], ["nonsense"]]) {
      const response = await send("PUT", "/api/profile/intents", { intents });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(onboardingMessages.selectionRequired);
    }
    const four = await send("PUT", "/api/profile/intents", { intents: ["preserve_memory", "reflect_identity", "build_twin", "exploring"] });
    expect(four.statusCode).toBe(400);
    expect(four.json().error.message).toBe(onboardingMessages.maximumReached);
  });

  it("drops unknown stored values when the profile is read", async () => {
    await t.owner.query(`UPDATE profiles SET user_intents = ARRAY['old_value','reflect_identity'] WHERE user_id = $1`, [userId]);
    expect((await get(t, "/api/profile", cookie)).json().profile.userIntents).toEqual(["reflect_identity"]);
  });

  it("rejects fields the client may not set", async () => {
    const response = await send("PUT", "/api/profile/intents", { intents: ["exploring"], onboardingComplete: true });
    expect(response.statusCode).toBe(400);
  });
});

describe("step 2: identity", () => {
  it("knows the date of birth given at sign-up, so the step shows it instead of asking again; support's correction moves it", async () => {
    const fresh = await signIn(t, "born.once@example.com");
    const freshId = (await get(t, "/api/session", fresh)).json().user.id;
    expect((await get(t, "/api/profile", fresh)).json().profile.birthday).toBe(ADULT_BIRTH_DATE);
    // Saving the step without a birthday keeps it (only an explicit null clears it).
    const saved = await send("PUT", "/api/profile/identity", { firstName: "Bea", legacyPreference: "family" }, fresh);
    expect(saved.json().profile.birthday).toBe(ADULT_BIRTH_DATE);
    await t.owner.query(`SELECT age_support_correction($1, DATE '1979-02-03', NULL, false, 'typo at sign-up')`, [freshId]);
    expect((await get(t, "/api/profile", fresh)).json().profile.birthday).toBe("1979-02-03");
  });

  it("trims the first name, sends an empty birthday as null and saves the legacy preference", async () => {
    const response = await send("PUT", "/api/profile/identity", { firstName: "  Nell  ", birthday: null, legacyPreference: "family" });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({ firstName: "Nell", birthday: null, legacyPreference: "family" });
    const withBirthday = await send("PUT", "/api/profile/identity", { firstName: "Nell", birthday: "1950-04-02", legacyPreference: "family" });
    expect(withBirthday.json().profile.birthday).toBe("1950-04-02");
  });

  it("requires a first name and a legacy preference, with the inline messages", async () => {
    const blank = await send("PUT", "/api/profile/identity", { firstName: "   ", legacyPreference: "private" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.firstName).toBe(onboardingMessages.firstNameRequired);
    const noLegacy = await send("PUT", "/api/profile/identity", { firstName: "Nell" });
    expect(noLegacy.json().error.fields.legacyPreference).toBe(onboardingMessages.legacyRequired);
    const wrongLegacy = await send("PUT", "/api/profile/identity", { firstName: "Nell", legacyPreference: "everyone" });
    expect(wrongLegacy.json().error.fields.legacyPreference).toBe(onboardingMessages.legacyRequired);
  });

  it("refuses a birthday in the future or one that is not a date", async () => {
    for (const birthday of ["2999-01-01", "1980-02-31", "yesterday"]) {
      const response = await send("PUT", "/api/profile/identity", { firstName: "Nell", birthday, legacyPreference: "family" });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.birthday).toBe(onboardingMessages.birthdayInvalid);
    }
  });
});

describe("step 3: calibration", () => {
  it("stores a trimmed answer for the signed-in user, and the profile counts the person's answers (only theirs)", async () => {
    expect((await get(t, "/api/profile", cookie)).json().calibrationAnswers).toBe(0);
    const response = await send("POST", "/api/onboarding/calibration", { statement: "  A friend asks for money. ", response: " I would help, once. " });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ statement: "A friend asks for money.", response: "I would help, once." });
    const rows = await t.owner.query(`SELECT user_id, statement FROM digital_twin_validation_feedback`);
    expect(rows.rows).toEqual([{ user_id: userId, statement: "A friend asks for money." }]);
    // Back at step 3 later, one saved answer is enough to go on.
    expect((await get(t, "/api/profile", cookie)).json().calibrationAnswers).toBe(1);
    const other = await signIn(t, "onboarder.other@example.com");
    expect((await get(t, "/api/profile", other)).json().calibrationAnswers).toBe(0);
  });

  it("requires both texts and bounds their length", async () => {
    const blank = await send("POST", "/api/onboarding/calibration", { statement: " ", response: "x" });
    expect(blank.json().error.message).toBe(onboardingMessages.statementRequired);
    const noResponse = await send("POST", "/api/onboarding/calibration", { statement: "x", response: "\n" });
    expect(noResponse.json().error.message).toBe(onboardingMessages.responseRequired);
    const long = await send("POST", "/api/onboarding/calibration", { statement: "x", response: "y".repeat(4001) });
    expect(long.statusCode).toBe(400);
  });
});

describe("step 4: reflection", () => {
  it("is refused until first name and legacy preference are known", async () => {
    const other = await signIn(t, "no-identity@example.com");
    const response = await send("POST", "/api/onboarding/reflection", {}, other);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("profile_incomplete");
  });

  it("is written from the person's own data, stored, and replaced when generated again", async () => {
    const first = await send("POST", "/api/onboarding/reflection", {});
    expect(first.statusCode).toBe(200);
    const { reflection } = first.json();
    expect(reflection.summary).toContain("Nell");
    expect(reflection.summary).toMatch(/help, once|once/);
    expect(reflection.traitsUsed.length).toBeGreaterThan(0);
    await send("POST", "/api/onboarding/calibration", { statement: "Your team misses a deadline.", response: "Honestly? I'd crack a joke and then fix it myself." });
    const second = (await send("POST", "/api/onboarding/reflection", {})).json().reflection;
    const rows = await t.owner.query(`SELECT summary, model_name FROM ai_reflections WHERE user_id = $1`, [userId]);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].summary).toBe(second.summary);
    expect(second.summary).not.toBe(reflection.summary);
    expect(new Date(second.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(reflection.updatedAt).getTime());
  });
});

describe("isolation between users", () => {
  it("another user's reflection never draws on this user's answers, and their context sees none of them", async () => {
    const other = await signIn(t, "neighbour@example.com");
    await send("PUT", "/api/profile/identity", { firstName: "Otto", legacyPreference: "private" }, other);
    await send("POST", "/api/onboarding/calibration", { statement: "Rain on your day off.", response: "Good day for reading." }, other);
    const reflection = (await send("POST", "/api/onboarding/reflection", {}, other)).json().reflection;
    expect(reflection.summary).toContain("Otto");
    expect(reflection.summary).not.toContain("Nell");
    expect(reflection.summary).not.toMatch(/crack a joke|help, once/);
  });
});

describe("when the model fails or says nothing", () => {
  let failing: TestApp;
  let mode: "throw" | "empty" = "throw";
  beforeAll(async () => {
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        if (mode === "throw") throw new Error("upstream 500");
        return {
          content: [{ type: "text", text: "" }],
          finishReason: { unified: "stop", raw: "stop" },
          usage: {
            inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: 0, text: 0, reasoning: undefined },
          },
          warnings: [],
        };
      },
    });
    failing = await createTestApp({}, { llm: { model, name: "failing-mock", timeoutMs: 2000 } });
  });
  afterAll(() => failing.close());

  it("answers 503 with the spec's message and stores nothing", async () => {
    const who = await signIn(failing, "unlucky@example.com");
    await failing.app.inject({
      method: "PUT",
      url: "/api/profile/identity",
      payload: { firstName: "Ula", legacyPreference: "public" },
      headers: { origin: "http://localhost:3000", cookie: who },
    });
    const response = await failing.app.inject({ method: "POST", url: "/api/onboarding/reflection", headers: { origin: "http://localhost:3000", cookie: who } });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toEqual({ code: "reflection_failed", message: onboardingMessages.reflectionFailed });
    expect((await failing.owner.query(`SELECT count(*)::int AS n FROM ai_reflections`)).rows[0].n).toBe(0);

    mode = "empty";
    const empty = await failing.app.inject({ method: "POST", url: "/api/onboarding/reflection", headers: { origin: "http://localhost:3000", cookie: who } });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().reflection.summary).toBe("");
    expect((await failing.owner.query(`SELECT count(*)::int AS n FROM ai_reflections`)).rows[0].n).toBe(0);
  });
});
