import type { MappingDomain, MemoryCategory } from "../../../contract";

/** One question of a capture session. */
export interface CapturePrompt {
  /** Stable id stored with recordings and memories: never renamed, renumbered or reused. */
  id: string;
  /** The consciousness-mapping domain the answer fills. */
  domain: MappingDomain;
  /** The memory category an answer is saved under (one of the domain's two). */
  category: MemoryCategory;
  /** The question, in the second person. */
  text: string;
}

/**
 * The spec's fixed prompt about a critical business decision: the first question of every Consciousness Capture
 * session, chosen because the answer shows how the person weighs stakes and decides, not only what happened.
 */
export const OPENING_PROMPT: CapturePrompt = {
  id: "business-critical-decision",
  domain: "business",
  category: "career",
  text:
    "Tell me about the most critical decision you made in your work or business: what was at stake, how you decided, and what you would do differently now.",
};

/**
 * The Consciousness Capture prompt bank, written for Mindprint: questions an adult anywhere can answer aloud in a few
 * minutes, sixteen for each consciousness-mapping domain (eight per memory category), the opening prompt first. They ask
 * for a particular moment, person, place or reason, so the answers keep the person's stories, voice and way of
 * thinking, and they assume no family situation, faith, job, wealth or country. Ids are stored with recordings and
 * memories: never rename, renumber or reuse them; retire a prompt by removing it, and add new ones with new ids.
 */
export const CAPTURE_PROMPTS: readonly CapturePrompt[] = [
  // Business: work, money, decisions, duty, what you built, failures, mentors.
  OPENING_PROMPT,
  {
    id: "business-first-earnings",
    domain: "business",
    category: "career",
    text: "Describe the first work you were ever paid for. How old were you, what was the place like, and what did you do with the money?",
  },
  {
    id: "business-mentor-moment",
    domain: "business",
    category: "career",
    text: "Who taught you the most about doing a job well? Tell me about a moment with them that you still think of when you work.",
  },
  {
    id: "business-hard-news",
    domain: "business",
    category: "career",
    text: "Tell me about a time you had to give someone hard news at work. Who was it, how did you prepare, and what did you actually say?",
  },
  {
    id: "business-money-rule",
    domain: "business",
    category: "career",
    text: "What is your own rule about money, whether saving, spending, lending or borrowing, and where did you learn it? Tell me about a time it was tested.",
  },
  {
    id: "business-opportunity-declined",
    domain: "business",
    category: "career",
    text: "Tell me about an offer, job or opportunity you turned down. What made you say no, and how do you see that choice now?",
  },
  {
    id: "business-ordinary-workday",
    domain: "business",
    category: "career",
    text: "Walk me through an ordinary day of the work you did longest, paid or unpaid, from first task to last. What would surprise a newcomer?",
  },
  {
    id: "business-promise-kept",
    domain: "business",
    category: "career",
    text: "Describe a time you kept a promise or did your duty at work even though it cost you something. Why did it matter to you to see it through?",
  },
  {
    id: "business-proudest-work",
    domain: "business",
    category: "achievements",
    text: "What piece of work are you proudest of? Describe what it looked like when it was finished and who you wanted to show it to first.",
  },
  {
    id: "business-failure-next-morning",
    domain: "business",
    category: "achievements",
    text: "Tell me about something you built or tried at work that failed. What went wrong, what did you learn, and what did you do the next morning?",
  },
  {
    id: "business-started-from-nothing",
    domain: "business",
    category: "achievements",
    text: "Tell me about something you started from nothing: a business, a team, a project or a club. What was the first step, and who believed in it early?",
  },
  {
    id: "business-problem-solved",
    domain: "business",
    category: "achievements",
    text: "Describe a problem at work that others had given up on and you solved. How did you think it through, and when was the moment it clicked?",
  },
  {
    id: "business-skill-mastered",
    domain: "business",
    category: "achievements",
    text: "What skill took you the longest to master? Describe what doing it well feels like, and what a beginner usually gets wrong.",
  },
  {
    id: "business-recognition-remembered",
    domain: "business",
    category: "achievements",
    text: "Tell me about a time someone thanked or recognised you for your work in a way that truly meant something. What exactly did they say or do?",
  },
  {
    id: "business-helped-someone-rise",
    domain: "business",
    category: "achievements",
    text: "Who did you help get started or move ahead in their work? Tell me what you saw in them and what advice you gave them.",
  },
  {
    id: "business-biggest-risk",
    domain: "business",
    category: "achievements",
    text: "Tell me about the biggest risk you ever took with your work or money. What did you tell yourself the night before, and how did it turn out?",
  },

  // Family: parents, children, partners, friends, home, traditions, reconciliation.
  {
    id: "family-kitchen-smells",
    domain: "family",
    category: "family",
    text: "Describe the kitchen or main room of a home you grew up in. What did it smell like, what sounds filled it, and who was usually there?",
  },
  {
    id: "family-elder-saying",
    domain: "family",
    category: "family",
    text: "What did an older relative or someone who raised you say all the time? Tell me when they would say it and what you think they meant.",
  },
  {
    id: "family-tradition-origin",
    domain: "family",
    category: "family",
    text: "Tell me about a tradition, big or small, that your family kept each year or each week. How did it start, and what part did you play in it?",
  },
  {
    id: "family-childhood-role",
    domain: "family",
    category: "family",
    text: "What was your role in the household you grew up in: the peacemaker, the joker, the responsible one? Tell me a story that shows it.",
  },
  {
    id: "family-someone-cared-for",
    domain: "family",
    category: "family",
    text: "Tell me about someone you raised, mentored or cared for. What is one moment with them that you never want to forget?",
  },
  {
    id: "family-story-retold",
    domain: "family",
    category: "family",
    text: "What family story gets told again and again? Tell it the way you would, including the part others usually leave out.",
  },
  {
    id: "family-inherited-habit",
    domain: "family",
    category: "family",
    text: "What habit, gesture or way of doing things did you pick up from someone in your family? Describe when you first noticed it in yourself.",
  },
  {
    id: "family-recipe-memory",
    domain: "family",
    category: "family",
    text: "What dish do you make that carries a family memory? Walk me through how you make it and who you learned it from.",
  },
  {
    id: "family-closest-friend-meeting",
    domain: "family",
    category: "relationships",
    text: "Tell me how you met one of your closest friends. What was your first impression, and when did you know this person would matter to you?",
  },
  {
    id: "family-making-peace",
    domain: "family",
    category: "relationships",
    text: "Tell me about a time you made peace with someone after a falling-out. Who reached out first, and what was said that changed things?",
  },
  {
    id: "family-person-loved",
    domain: "family",
    category: "relationships",
    text: "Tell me about someone you have loved deeply, whether a partner, a friend or a relative. What is one ordinary moment with them that you treasure?",
  },
  {
    id: "family-care-without-words",
    domain: "family",
    category: "relationships",
    text: "How do you show people you care about them without saying it? Describe a time you did it and how they reacted.",
  },
  {
    id: "family-community-kindness",
    domain: "family",
    category: "relationships",
    text: "Tell me about a neighbour, teacher or someone nearby who was kind to you when you needed it. What did they do, and why has it stayed with you?",
  },
  {
    id: "family-friends-still-laugh",
    domain: "family",
    category: "relationships",
    text: "Describe a day or night out with friends that you still laugh about. Who was there, and what happened that made it so memorable?",
  },
  {
    id: "family-someone-believed",
    domain: "family",
    category: "relationships",
    text: "Who believed in you before you believed in yourself? Tell me what they said or did, and how it changed what you did next.",
  },
  {
    id: "family-disagreement-handled",
    domain: "family",
    category: "relationships",
    text: "How do you handle a disagreement with someone close to you? Tell me about an argument that ended better than you expected, and why it did.",
  },

  // Philosophical: values, beliefs, lessons, regrets, advice to a younger self, time, courage, what matters.
  {
    id: "philosophical-core-value",
    domain: "philosophical",
    category: "personal",
    text: "What is one value you refuse to compromise on? Tell me about a moment when holding to it cost you something, and why you held on.",
  },
  {
    id: "philosophical-afraid-anyway",
    domain: "philosophical",
    category: "personal",
    text: "Describe a time you were afraid and did the thing anyway. What was going through your mind just before you acted?",
  },
  {
    id: "philosophical-good-day",
    domain: "philosophical",
    category: "personal",
    text: "What does a truly good day look like to you, from morning to night? Which part of it matters most, and why?",
  },
  {
    id: "philosophical-what-mattered",
    domain: "philosophical",
    category: "personal",
    text: "Picture the people who will hear your voice here one day. What do you most want them to understand about what mattered to you, and why?",
  },
  {
    id: "philosophical-time-passing",
    domain: "philosophical",
    category: "personal",
    text: "How has the way you think about time and growing older changed over the years? Tell me about a moment that made you notice it.",
  },
  {
    id: "philosophical-right-without-rules",
    domain: "philosophical",
    category: "personal",
    text: "How do you decide what is right when no rule tells you? Tell me about a situation where you had to work it out for yourself.",
  },
  {
    id: "philosophical-belief-source",
    domain: "philosophical",
    category: "personal",
    text: "Where do your deepest beliefs about life come from: people, books, experience, faith or something else? Tell me about one that shaped you.",
  },
  {
    id: "philosophical-small-joy",
    domain: "philosophical",
    category: "personal",
    text: "What small, everyday thing brings you more joy than anyone would guess? Describe it in detail and tell me why it matters to you.",
  },
  {
    id: "philosophical-changed-mind",
    domain: "philosophical",
    category: "learning",
    text: "Tell me about a belief you once held strongly and later changed your mind about. What happened that made you see it differently?",
  },
  {
    id: "philosophical-advice-younger-self",
    domain: "philosophical",
    category: "learning",
    text: "If you could sit down with yourself at twenty, what would you tell them, and what do you think your younger self would argue back?",
  },
  {
    id: "philosophical-do-differently",
    domain: "philosophical",
    category: "learning",
    text: "Tell me about something you wish you had done differently. What did it teach you, and how does that lesson show in the way you act now?",
  },
  {
    id: "philosophical-hard-stretch",
    domain: "philosophical",
    category: "learning",
    text: "Tell me about a hard stretch of your life and what got you through it day to day. What would you pass on to someone facing something similar?",
  },
  {
    id: "philosophical-luck-or-effort",
    domain: "philosophical",
    category: "learning",
    text: "How much of your life do you put down to luck, and how much to effort? Tell me about an event that shaped your answer.",
  },
  {
    id: "philosophical-best-advice",
    domain: "philosophical",
    category: "learning",
    text: "What is the best piece of advice anyone ever gave you? Who gave it, in what situation, and when did you first really need it?",
  },
  {
    id: "philosophical-taught-by-younger",
    domain: "philosophical",
    category: "learning",
    text: "What has someone much younger than you taught you that you did not expect to learn? Tell me how it came up.",
  },
  {
    id: "philosophical-success-redefined",
    domain: "philosophical",
    category: "learning",
    text: "How has your idea of success changed since you were young? Tell me about the moment you noticed it had changed.",
  },

  // Creative: making things, music, books, places, adventures, play, curiosity.
  {
    id: "creative-first-thing-made",
    domain: "creative",
    category: "creative",
    text: "What is the first thing you remember making with your own hands? Describe what it looked like, what you made it from, and who saw it.",
  },
  {
    id: "creative-song-moment",
    domain: "creative",
    category: "creative",
    text: "What song takes you straight back to a particular moment? Describe where you were when it played and who was with you.",
  },
  {
    id: "creative-story-changed-view",
    domain: "creative",
    category: "creative",
    text: "Tell me about a book, film or story that changed how you saw something. Where were you in life when you came across it?",
  },
  {
    id: "creative-lose-track-of-time",
    domain: "creative",
    category: "creative",
    text: "What activity makes you lose all track of time? Describe the last time it happened and what you were doing when you looked up.",
  },
  {
    id: "creative-childhood-games",
    domain: "creative",
    category: "creative",
    text: "What games did you play as a child, and where? Explain the rules of your favourite the way you would teach it to a child today.",
  },
  {
    id: "creative-how-you-make",
    domain: "creative",
    category: "creative",
    text: "Describe how you make something you love to make, like a meal, a garden, a tune or a repair. Where do you start, and how do you know it is done?",
  },
  {
    id: "creative-dream-project",
    domain: "creative",
    category: "creative",
    text: "Tell me about an idea or project you still dream of making real. What would it look like, and what would your first step be?",
  },
  {
    id: "creative-curiosity-deep-dive",
    domain: "creative",
    category: "creative",
    text: "What have you become curious about and explored deeply, just for the love of it? How did it start, and what did you discover along the way?",
  },
  {
    id: "creative-place-most-yourself",
    domain: "creative",
    category: "travel",
    text: "Describe a place where you feel most like yourself. What do you see, hear and smell there, and how did you first find it?",
  },
  {
    id: "creative-first-journey",
    domain: "creative",
    category: "travel",
    text: "Tell me about the first long journey you remember. How did you travel, what did you bring with you, and what surprised you when you arrived?",
  },
  {
    id: "creative-trip-gone-wrong",
    domain: "creative",
    category: "travel",
    text: "Tell me about a trip or outing where things went wrong and it became a story. What happened, and how did you make the best of it?",
  },
  {
    id: "creative-stranger-remembered",
    domain: "creative",
    category: "travel",
    text: "Tell me about a stranger you met somewhere away from home who has stayed in your memory. Where were you, and what did you talk about?",
  },
  {
    id: "creative-taste-of-a-place",
    domain: "creative",
    category: "travel",
    text: "What food from a place you visited or lived in can you still taste when you think of it? Describe where you ate it and who you were with.",
  },
  {
    id: "creative-walk-near-home",
    domain: "creative",
    category: "travel",
    text: "What place close to home do you love to wander? Take me there: describe the walk step by step, and what you notice along the way.",
  },
  {
    id: "creative-place-to-see",
    domain: "creative",
    category: "travel",
    text: "What place have you always wanted to see, or to go back to? What draws you there, and how would you spend your first day?",
  },
  {
    id: "creative-place-changed-you",
    domain: "creative",
    category: "travel",
    text: "Tell me about a place that changed you, whether far away or around the corner. What were you like before you went, and after?",
  },
];
