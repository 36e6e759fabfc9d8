import type { DecisionScenario } from "./scenario-types";

/**
 * The Decision Scenario Testing bank, written for Mindprint: everyday decisions, most of which anyone might face (those about family are put so that they can be imagined without that family), twelve for
 * each consciousness-mapping domain. The person picks the option closest to what they would do (and may say why in
 * their own words); their twin tries to predict that pick from their Big Five profile and memories, and some scenarios
 * are asked again later to see how consistent the person is with themselves. Each option's `leans` say which domains
 * choosing it speaks to and which way, so no option is better than another. Ids are stored with people's answers and
 * in export files: never rename, renumber or reuse them; retire a scenario by removing it, and add new ones with new ids.
 */
export const DECISION_SCENARIOS: readonly DecisionScenario[] = [
  // Business: how you work, decide, handle money and duty.
  {
    id: "business-friend-loan",
    domain: "business",
    prompt:
      "A close friend has lost their job and asks to borrow about a month of your income to cover rent. You could manage it, but it would set back something you have been saving for.",
    options: [
      { text: "I'd lend the full amount and let them pay it back whenever they can.", leans: { A: 1 } },
      { text: "I'd lend it, with a simple written plan for when and how it comes back.", leans: { C: 1 } },
      { text: "I'd give a smaller sum as a gift rather than a loan, so money never sits between us.", leans: { A: 0.5, N: 0.5 } },
      { text: "I'd kindly say no, and help them look for work or cheaper housing instead.", leans: { C: 0.5, A: -0.5 } },
    ],
  },
  {
    id: "business-colleague-report-errors",
    domain: "business",
    prompt:
      "The evening before a shared report is due, you notice that a colleague's section has several errors. They have already left for the day, and fixing it yourself would take most of your evening.",
    options: [
      { text: "I'd fix it myself tonight so the report goes out right.", leans: { C: 1, A: 0.5 } },
      { text: "I'd send them a short note listing the errors and trust them to fix it first thing.", leans: { C: 0.5, N: -0.5 } },
      { text: "I'd call them now; it's their part, and they should deal with it before it goes out.", leans: { E: 0.5, A: -0.5 } },
    ],
  },
  {
    id: "business-startup-job-offer",
    domain: "business",
    prompt:
      "A young company offers you a job with noticeably higher pay and more interesting work, but it may not survive the next two years. Your current job is secure and pleasant, if a little dull.",
    options: [
      { text: "I'd take the new job; the work and the pay are worth the risk.", leans: { O: 1, N: -0.5 } },
      { text: "I'd stay where I am; security matters more to me right now.", leans: { O: -0.5, N: 0.5 } },
      { text: "I'd ask both for a week and list every risk and figure before deciding.", leans: { C: 1 } },
      { text: "I'd use the offer to ask my current employer for a raise or better work.", leans: { E: 0.5, A: -0.5 } },
    ],
  },
  {
    id: "business-unexpected-windfall",
    domain: "business",
    prompt: "Two payments you had not counted on arrive in the same month, together worth about a month of your income. Nothing urgent needs paying.",
    options: [
      { text: "I'd put all of it into savings or towards paying off a debt.", leans: { C: 1 } },
      { text: "I'd spend part of it on a trip or experience I keep putting off.", leans: { O: 0.5, C: -0.5 } },
      { text: "I'd share some of it with family or friends who could use it.", leans: { A: 1 } },
      { text: "I'd leave it untouched in my account until I felt sure what to do with it.", leans: { N: 0.5 } },
    ],
  },
  {
    id: "business-community-fundraiser",
    domain: "business",
    prompt:
      "A community group you belong to needs someone to coordinate its yearly fundraiser, which would take a few evenings a month for the next three months. Nobody has volunteered yet.",
    options: [
      { text: "I'd volunteer to lead it and pull a small team together.", leans: { C: 0.5, E: 1 } },
      { text: "I'd offer to take one clearly defined task, but not the whole thing.", leans: { C: 0.5, A: 0.5 } },
      { text: "I'd stay out of it this year; my evenings are already full.", leans: { A: -0.5 } },
    ],
  },
  {
    id: "business-broken-washing-machine",
    domain: "business",
    prompt:
      "Your washing machine breaks down. A repair would cost about a third of the price of a new one, and the repairer can't promise how long it will last.",
    options: [
      { text: "I'd compare models and reviews for a few days, then buy a new one.", leans: { C: 1 } },
      { text: "I'd buy the same model again; the old one served me well.", leans: { O: -1 } },
      { text: "I'd try to fix it myself first, with a video tutorial and a spare part.", leans: { O: 0.5, N: -0.5 } },
      { text: "I'd pay for the repair and not spend more time thinking about it.", leans: { C: -0.5 } },
    ],
  },
  {
    id: "business-salary-offer",
    domain: "business",
    prompt: "A new employer offers you a salary a little below what you hoped for. They seem keen to hire you, and you liked the people you met.",
    options: [
      { text: "I'd accept as offered; starting on good terms matters more to me.", leans: { A: 1 } },
      { text: "I'd ask for more, with figures on what similar roles usually pay.", leans: { C: 0.5, A: -0.5 } },
      { text: "I'd accept, though I'd lie awake wondering whether I should have pushed.", leans: { N: 1 } },
    ],
  },
  {
    id: "business-retirement-consulting",
    domain: "business",
    prompt: "Imagine you retired a few months ago. A former colleague asks whether you'd do a few days of paid advisory work each month in your old field.",
    options: [
      { text: "I'd say yes; I miss the work and the people.", leans: { E: 1 } },
      { text: "I'd say yes, with the days and the scope agreed in writing up front.", leans: { C: 1 } },
      { text: "I'd say no; this is my time for new things I never had room for.", leans: { O: 1 } },
      { text: "I'd say no; I'm enjoying a quieter life with fewer people in it.", leans: { E: -1 } },
    ],
  },
  {
    id: "business-expense-tracking-app",
    domain: "business",
    prompt:
      "A friend shows you an app that records every expense by category and warns you when you overspend. Right now you have a rough sense of your spending but no budget.",
    options: [
      { text: "I'd set it up tonight and log everything from now on.", leans: { C: 1 } },
      { text: "I'd try it for a month out of curiosity and see what it shows me.", leans: { O: 0.5 } },
      { text: "I'd keep my rough approach; it works well enough for me.", leans: { O: -0.5, C: -0.5 } },
    ],
  },
  {
    id: "business-meeting-flawed-plan",
    domain: "business",
    prompt: "In a meeting, the group is about to approve a plan you think has a serious flaw. The person proposing it is senior and well liked.",
    options: [
      { text: "I'd raise my concern right there, before the vote.", leans: { E: 0.5, A: -0.5 } },
      { text: "I'd talk to the person privately afterwards.", leans: { E: -0.5, A: 0.5 } },
      { text: "I'd write up the flaw carefully, with evidence, and send it round the next day.", leans: { C: 1 } },
      { text: "I'd let it go; the group has agreed, and I might be the one who's wrong.", leans: { A: 1 } },
    ],
  },
  {
    id: "business-side-income",
    domain: "business",
    prompt:
      "People keep offering to pay you for something you're good at, such as repairs, baking or translating. You could earn a useful extra income on weekends, at the cost of free time.",
    options: [
      { text: "I'd start small with a few people I know and see where it goes.", leans: { O: 0.5, C: -0.5 } },
      { text: "I'd set it up properly first: prices, a schedule, simple bookkeeping.", leans: { C: 1 } },
      { text: "I'd keep doing it as a favour for friends, not as a business.", leans: { A: 0.5 } },
      { text: "I'd leave it; my free time matters more to me than the extra money.", leans: { C: -0.5 } },
    ],
  },
  {
    id: "business-contractor-bill",
    domain: "business",
    prompt:
      "A tradesperson finishes work on your home, and the bill is about 30% above their estimate. The work is good, but they explain the extra materials only vaguely.",
    options: [
      { text: "I'd pay it; the work is good and arguing isn't worth it.", leans: { A: 1 } },
      { text: "I'd ask for an itemised bill before paying anything.", leans: { C: 0.5, A: -0.5 } },
      { text: "I'd pay the estimate and say firmly that I won't pay more without a clear reason.", leans: { A: -1 } },
      { text: "I'd pay it, but it would keep bothering me for weeks.", leans: { N: 1 } },
    ],
  },

  // Family: how you are with your partner, children, parents and friends.
  {
    id: "family-holiday-hosting",
    domain: "family",
    prompt: "Your family expects you to host the big end-of-year meal again. This year you're worn out, and your home feels too small for everyone.",
    options: [
      { text: "I'd host as usual; it means a lot to everyone.", leans: { A: 1 } },
      { text: "I'd ask someone else to host this year and explain why.", leans: { A: -0.5 } },
      { text: "I'd suggest we all meet at a restaurant instead, for a change.", leans: { O: 0.5 } },
    ],
  },
  {
    id: "family-friend-forgot-birthday",
    domain: "family",
    prompt:
      "Your closest friend forgot your birthday this year and sent a short message two days late. In all the years you've known each other, it's the first time.",
    options: [
      { text: "I'd let it go; everyone slips now and then.", leans: { A: 0.5, N: -0.5 } },
      { text: "I'd tell them, lightly but honestly, that it stung a little.", leans: { E: 0.5, N: 0.5 } },
      { text: "I'd say nothing, but it would stay on my mind for a while.", leans: { E: -0.5, N: 1 } },
      { text: "I'd wonder whether something is wrong in their life and call to check.", leans: { A: 1 } },
    ],
  },
  {
    id: "family-child-first-solo-trip",
    domain: "family",
    prompt:
      "A twelve-year-old in your care asks to take the bus across town alone to visit a friend, for the first time. The route has one change, and they have a phone.",
    options: [
      { text: "I'd say yes; it's time they had some independence.", leans: { N: -1 } },
      { text: "I'd say yes after we ride the route together once.", leans: { C: 1 } },
      { text: "I'd say yes, but ask for a message at every stop along the way.", leans: { C: 0.5, N: 0.5 } },
      { text: "I'd say not yet, and keep driving them myself for now.", leans: { N: 1 } },
    ],
  },
  {
    id: "family-partner-job-move",
    domain: "family",
    prompt: "Someone you share your life with is offered an excellent job in a city four hours away. Moving would mean leaving your own job and your friends behind.",
    options: [
      { text: "I'd go; a new city could be an adventure for both of us.", leans: { O: 1 } },
      { text: "I'd go, because it matters so much to them.", leans: { A: 1 } },
      { text: "I'd suggest they try it alone for a few months while we meet at weekends.", leans: { O: -0.5, C: 0.5 } },
      { text: "I'd ask them not to take it; the life we have here matters too.", leans: { O: -0.5, A: -0.5 } },
    ],
  },
  {
    id: "family-parent-still-driving",
    domain: "family",
    prompt:
      "An older relative you are close to, nearly eighty, still drives to the shops and to see friends. Lately you've noticed slower reactions, though there have been no accidents.",
    options: [
      { text: "I'd raise it gently and suggest we book a driving assessment together.", leans: { C: 0.5, A: 0.5 } },
      { text: "I'd leave it; it's his life and his independence.", leans: { N: -0.5 } },
      { text: "I'd tell him plainly that I think it's time to stop.", leans: { E: 0.5, A: -0.5 } },
      { text: "I'd keep worrying, and offer to drive him more often so he needs the car less.", leans: { A: 0.5, N: 0.5 } },
    ],
  },
  {
    id: "family-party-of-strangers",
    domain: "family",
    prompt: "A friend invites you to their birthday party, where you'll know almost no one else. It comes at the end of a long, tiring week.",
    options: [
      { text: "I'd go and enjoy meeting new people.", leans: { E: 1 } },
      { text: "I'd go for an hour to show up for my friend, then head home.", leans: { E: -0.5, A: 0.5 } },
      { text: "I'd go only if I could bring someone I know along.", leans: { N: 0.5 } },
      { text: "I'd skip it and take them out for a quiet dinner another day.", leans: { E: -1 } },
    ],
  },
  {
    id: "family-friends-falling-out",
    domain: "family",
    prompt: "Two friends in your circle have fallen out, and each has told you their side. A group dinner is coming up where both will be present.",
    options: [
      { text: "I'd try to get them talking to each other again before the dinner.", leans: { E: 0.5, A: 0.5 } },
      { text: "I'd stay neutral and keep out of it.", leans: { E: -0.5 } },
      { text: "I'd tell each of them honestly where I think they went wrong.", leans: { A: -0.5 } },
      { text: "I'd worry about the evening and quietly arrange the seating to keep them apart.", leans: { C: 0.5, N: 0.5 } },
    ],
  },
  {
    id: "family-sister-childcare",
    domain: "family",
    prompt:
      "A sibling or close friend asks whether you could look after their two young children two afternoons a week for the next few months. You love the children, but those are the afternoons you'd planned for a class.",
    options: [
      { text: "I'd say yes and put the class off for now.", leans: { A: 1 } },
      { text: "I'd say no, and help her find other childcare.", leans: { C: 0.5, A: -0.5 } },
      { text: "I'd say yes and turn the afternoons into outings with them.", leans: { O: 0.5, E: 0.5 } },
    ],
  },
  {
    id: "family-anniversary-weekend",
    domain: "family",
    prompt: "A close friendship or relationship of yours turns ten years old this month. You have a free weekend and a modest budget to mark it.",
    options: [
      { text: "I'd plan a trip somewhere neither of us has been.", leans: { O: 1 } },
      { text: "I'd go back to the place of our first holiday together.", leans: { O: -0.5 } },
      { text: "I'd throw a small party with our closest friends.", leans: { E: 1 } },
      { text: "I'd ask what they would most like and go with that.", leans: { A: 1 } },
    ],
  },
  {
    id: "family-noisy-neighbours",
    domain: "family",
    prompt: "Your new neighbours play music past midnight on weeknights. You've met them once, and they seemed friendly.",
    options: [
      { text: "I'd knock on their door and ask them to turn it down.", leans: { E: 0.5, A: -0.5 } },
      { text: "I'd leave a friendly note with my number.", leans: { E: -0.5, A: 0.5 } },
      { text: "I'd put up with it for now; they're new and may settle in.", leans: { A: 0.5, N: -0.5 } },
      { text: "I'd lie awake fuming, then go straight to the landlord or building manager.", leans: { E: -0.5, N: 1 } },
    ],
  },
  {
    id: "family-teen-quits-lessons",
    domain: "family",
    prompt:
      "A fifteen-year-old in your family wants to quit the music lessons they've had for six years, with this year's fees, which you paid, already spent. They say they've simply lost interest.",
    options: [
      { text: "I'd let them stop now; it's their choice to make.", leans: { C: -0.5, A: 0.5 } },
      { text: "I'd ask them to finish the year they committed to.", leans: { C: 1 } },
      { text: "I'd suggest trying a different instrument or style before giving up.", leans: { O: 0.5, C: 0.5 } },
      { text: "I'd agree, though I'd worry they'll regret it one day.", leans: { A: 0.5, N: 0.5 } },
    ],
  },
  {
    id: "family-friend-new-partner",
    domain: "family",
    prompt: "A close friend's new partner often makes remarks you find unkind, sometimes at your friend's expense. Your friend seems happy.",
    options: [
      { text: "I'd tell my friend plainly what I've noticed.", leans: { E: 0.5, A: -0.5 } },
      { text: "I'd say nothing unless my friend asks; it's their relationship.", leans: { E: -0.5, A: 0.5 } },
      { text: "I'd give the partner a fair chance and get to know them better first.", leans: { A: 1 } },
      { text: "I'd keep worrying about it and watch closely for signs.", leans: { N: 1 } },
    ],
  },

  // Philosophical: what you hold true, and how you carry yourself under pressure.
  {
    id: "philosophical-found-wallet",
    domain: "philosophical",
    prompt: "On a park bench you find a wallet with a fair amount of cash and an ID card, but no phone number. The address on the card is across town.",
    options: [
      { text: "I'd take it to the address myself, even if it costs me an afternoon.", leans: { A: 1 } },
      { text: "I'd hand it in at the nearest police station and get on with my day.", leans: { C: 0.5 } },
      { text: "I'd search for the owner online and send them a message.", leans: { E: 0.5 } },
      { text: "I'd hand it in, then wonder for days whether it reached them.", leans: { N: 1 } },
    ],
  },
  {
    id: "philosophical-cafe-undercharged",
    domain: "philosophical",
    prompt: "Leaving a small, busy café, you notice you were charged for one coffee instead of the two you had.",
    options: [
      { text: "I'd go back and pay the difference straight away.", leans: { C: 0.5, A: 0.5 } },
      { text: "I'd pay it next time I'm in, when it's quieter.", leans: { C: -0.5, A: 0.5 } },
      { text: "I'd let it go; it's a small sum and their mistake.", leans: { A: -0.5, N: -0.5 } },
    ],
  },
  {
    id: "philosophical-bland-dish",
    domain: "philosophical",
    prompt: "A friend proudly cooks you a new dish that you find rather bland, then asks what you honestly think of it.",
    options: [
      { text: "I'd say it's lovely; their effort matters more than the taste.", leans: { A: 1 } },
      { text: "I'd praise what I liked and gently suggest a little more seasoning.", leans: { A: 0.5 } },
      { text: "I'd tell them plainly it needs more flavour; they did ask.", leans: { A: -1 } },
      { text: "I'd feel put on the spot and steer the talk somewhere else.", leans: { E: -0.5, N: 0.5 } },
    ],
  },
  {
    id: "philosophical-idea-credit",
    domain: "philosophical",
    prompt: "In a meeting, a colleague presents an idea you shared with them last week as if it were their own. Your manager is impressed.",
    options: [
      { text: "I'd speak up then and there and say it was something I'd suggested.", leans: { E: 1, A: -0.5 } },
      { text: "I'd talk to the colleague privately afterwards.", leans: { E: -0.5, A: 0.5 } },
      { text: "I'd let it go; the idea being used matters more than who gets credit.", leans: { A: 0.5, N: -0.5 } },
      { text: "I'd let it go, but be careful what I share with them from now on.", leans: { A: -0.5, N: 0.5 } },
    ],
  },
  {
    id: "philosophical-writing-a-will",
    domain: "philosophical",
    prompt: "A friend your age mentions they've just made a will and chosen who would decide for them if they fell seriously ill. You have done neither.",
    options: [
      { text: "I'd make an appointment to sort out mine this month.", leans: { C: 1 } },
      { text: "I'd mean to, but it would probably wait a while.", leans: { C: -0.5 } },
      { text: "I'd rather not think about that yet; it makes me uneasy.", leans: { N: 1 } },
      { text: "I'd start an open conversation with my family about what each of us would want.", leans: { O: 0.5, E: 0.5 } },
    ],
  },
  {
    id: "philosophical-cancelled-flight",
    domain: "philosophical",
    prompt:
      "Your flight home is cancelled late in the evening, and the next one leaves tomorrow afternoon. The airline offers a hotel voucher, and the queue is long.",
    options: [
      { text: "I'd take it calmly: get the voucher, sleep well and fly tomorrow.", leans: { N: -1 } },
      { text: "I'd go straight to my phone and compare every other way of getting home tonight.", leans: { C: 0.5, N: 0.5 } },
      { text: "I'd chat with others in the queue and maybe find company for dinner.", leans: { E: 1 } },
      { text: "I'd feel knocked off balance and call someone close to let off steam.", leans: { E: 0.5, N: 1 } },
    ],
  },
  {
    id: "philosophical-splitting-the-bill",
    domain: "philosophical",
    prompt:
      "At a group dinner, most people ordered several courses and wine, while you had a main course and water. Someone suggests splitting the bill evenly.",
    options: [
      { text: "I'd split it evenly; it keeps things simple and friendly.", leans: { A: 1 } },
      { text: "I'd suggest everyone pays for what they ordered.", leans: { E: 0.5, A: -0.5 } },
      { text: "I'd quietly work out my share, add a fair tip and pay that without any fuss.", leans: { C: 0.5, E: -0.5 } },
    ],
  },
  {
    id: "philosophical-promise-or-concert",
    domain: "philosophical",
    prompt:
      "You promised to help an acquaintance paint their flat on Saturday. On Thursday, a close friend offers you a ticket to a rare concert that same day.",
    options: [
      { text: "I'd keep my promise; my word matters more than the concert.", leans: { C: 1 } },
      { text: "I'd ask the acquaintance, politely, whether we could move the painting to another day.", leans: { C: -0.5, A: 0.5 } },
      { text: "I'd go to the concert and find someone to help them in my place.", leans: { C: -0.5, E: 0.5 } },
    ],
  },
  {
    id: "philosophical-long-held-view",
    domain: "philosophical",
    prompt:
      "Over dinner, someone you respect argues convincingly against a view you've held for years about how to bring up children or handle money. You can't answer them on the spot.",
    options: [
      { text: "I'd go home and read more about it; I might be wrong.", leans: { O: 1 } },
      { text: "I'd keep my view; experience has shown me it works.", leans: { O: -1 } },
      { text: "I'd enjoy the debate and keep arguing my side for the fun of it.", leans: { E: 0.5, A: -0.5 } },
      { text: "I'd feel unsettled and keep replaying the conversation afterwards.", leans: { N: 1 } },
    ],
  },
  {
    id: "philosophical-uncertain-test-result",
    domain: "philosophical",
    prompt: "Your doctor says a routine blood test is slightly off and suggests repeating it in three months. It's most likely nothing.",
    options: [
      { text: "I'd take that at face value and not think about it until then.", leans: { N: -1 } },
      { text: "I'd ask to repeat the test sooner, just to know.", leans: { N: 0.5 } },
      { text: "I'd change my diet and habits now, just in case.", leans: { C: 1 } },
      { text: "I'd read everything I could find about what it might mean.", leans: { O: 0.5, N: 0.5 } },
    ],
  },
  {
    id: "philosophical-reference-request",
    domain: "philosophical",
    prompt: "A former coworker you liked, but who was often late and unreliable, asks you to be a reference for a job they really want.",
    options: [
      { text: "I'd agree and speak only to their strengths.", leans: { A: 1 } },
      { text: "I'd agree, but answer honestly if asked about reliability.", leans: { C: 0.5 } },
      { text: "I'd politely decline; I couldn't recommend them with a clear conscience.", leans: { C: 0.5, A: -0.5 } },
    ],
  },
  {
    id: "philosophical-milestone-birthday",
    domain: "philosophical",
    prompt: "A milestone birthday is coming up, and you notice that several goals you set yourself ten years ago never happened.",
    options: [
      { text: "I'd pick one of them and make a concrete plan for this year.", leans: { C: 1 } },
      { text: "I'd let them go; my life took other good turns.", leans: { N: -1 } },
      { text: "I'd feel a pang of regret and mull it over for a while.", leans: { N: 1 } },
      { text: "I'd set new goals that fit the person I am now.", leans: { O: 0.5, C: 0.5 } },
    ],
  },

  // Creative: how you seek the new, through art, travel, learning, play and making things.
  {
    id: "creative-unplanned-free-day",
    domain: "creative",
    prompt: "An appointment is cancelled and you suddenly have a whole free day, with good weather and nothing planned.",
    options: [
      { text: "I'd head somewhere I've never been, without a plan.", leans: { O: 1, C: -0.5 } },
      { text: "I'd catch up on chores and things I've been putting off.", leans: { C: 1 } },
      { text: "I'd message friends and see who's free.", leans: { E: 1 } },
      { text: "I'd stay in, rest and enjoy the quiet.", leans: { E: -1 } },
    ],
  },
  {
    id: "creative-unfamiliar-menu",
    domain: "creative",
    prompt:
      "At a restaurant serving a cuisine you've never tried, you don't recognise most of the dishes. There's also a simple grilled chicken dish on the menu.",
    options: [
      { text: "I'd order the dish I understand least.", leans: { O: 1 } },
      { text: "I'd ask the server to choose something for me.", leans: { O: 0.5, E: 0.5 } },
      { text: "I'd go with the chicken; I know I'll enjoy it.", leans: { O: -1 } },
      { text: "I'd look the dishes up on my phone before choosing.", leans: { C: 0.5 } },
    ],
  },
  {
    id: "creative-evening-course",
    domain: "creative",
    prompt:
      "Your local community centre offers three evening courses starting next month: pottery, improvised theatre and a beginners' language class. You have time for one.",
    options: [
      { text: "I'd choose pottery and enjoy making something with my hands.", leans: { O: 0.5, E: -0.5 } },
      { text: "I'd choose improvised theatre, even if it scares me a little.", leans: { O: 0.5, E: 1 } },
      { text: "I'd choose the language; it's the most useful of the three.", leans: { C: 0.5 } },
      { text: "I'd skip all three; my evenings are for unwinding at home.", leans: { O: -0.5 } },
    ],
  },
  {
    id: "creative-week-holiday",
    domain: "creative",
    prompt: "You're planning a week's holiday on a moderate budget, with no one else's wishes to take into account.",
    options: [
      { text: "I'd go back to a place I know I love.", leans: { O: -1 } },
      { text: "I'd choose a country I've never visited and plan each day carefully.", leans: { O: 0.5, C: 1 } },
      { text: "I'd book a flight and work out the rest when I get there.", leans: { O: 1, C: -1 } },
      { text: "I'd join a group tour, so I meet people and someone else does the organising.", leans: { C: -0.5, E: 0.5 } },
    ],
  },
  {
    id: "creative-abstract-art-exhibition",
    domain: "creative",
    prompt: "A friend offers you a spare ticket to an exhibition of abstract modern art this weekend. You've never really understood that kind of art.",
    options: [
      { text: "I'd go and let it surprise me.", leans: { O: 1 } },
      { text: "I'd go, mostly for the time with my friend.", leans: { E: 0.5, A: 0.5 } },
      { text: "I'd pass; I'd rather spend the time on something I know I enjoy.", leans: { O: -0.5 } },
      { text: "I'd read up on the artists first so I get more out of it.", leans: { O: 0.5, C: 0.5 } },
    ],
  },
  {
    id: "creative-unopened-hobby-kit",
    domain: "creative",
    prompt: "Months ago you bought everything needed for a new hobby, such as painting, woodwork or knitting. It's all still in the box.",
    options: [
      { text: "I'd set aside a fixed hour each week to finally start.", leans: { C: 1 } },
      { text: "I'd give it to someone who'll use it; my interest has moved on, and that's fine.", leans: { N: -0.5 } },
      { text: "I'd invite a friend over to try it out together.", leans: { E: 1 } },
      { text: "I'd feel a twinge of guilt each time I saw it, but leave it for now.", leans: { C: -0.5, N: 0.5 } },
    ],
  },
  {
    id: "creative-stale-room",
    domain: "creative",
    prompt: "A room in your home has felt stale for a while, and you have a free weekend and a small budget to spend on it.",
    options: [
      { text: "I'd rearrange it completely and try a bold new colour.", leans: { O: 1 } },
      { text: "I'd give it a thorough clean and tidy; that's usually enough.", leans: { O: -0.5, C: 0.5 } },
      { text: "I'd ask friends round to help and make a day of it.", leans: { E: 1 } },
    ],
  },
  {
    id: "creative-karaoke-night",
    domain: "creative",
    prompt: "At a friend's gathering, someone brings out a karaoke machine and people start taking turns.",
    options: [
      { text: "I'd grab the microphone early and pick a crowd-pleaser.", leans: { E: 1 } },
      { text: "I'd sing, but only as a duet with someone.", leans: { E: 0.5, N: 0.5 } },
      { text: "I'd happily cheer the others on without singing myself.", leans: { E: -0.5, A: 0.5 } },
      { text: "I'd slip off to another room for a quieter conversation.", leans: { E: -1 } },
    ],
  },
  {
    id: "creative-secondhand-keyboard",
    domain: "creative",
    prompt: "You've always wanted to play the piano. A neighbour is selling a used keyboard at a fair price.",
    options: [
      { text: "I'd buy it and teach myself from online videos.", leans: { O: 0.5, N: -0.5 } },
      { text: "I'd buy it and sign up for weekly lessons.", leans: { O: 0.5, C: 1 } },
      { text: "I'd buy it, but only if a friend wanted to learn with me.", leans: { E: 0.5 } },
      { text: "I'd pass; I doubt I'd keep it up.", leans: { C: -0.5, N: 0.5 } },
    ],
  },
  {
    id: "creative-friend-birthday-gift",
    domain: "creative",
    prompt: "A close friend's birthday is next week. You have a free evening and a modest budget.",
    options: [
      { text: "I'd make something by hand, like a photo book, a cake or a poem.", leans: { O: 0.5, A: 0.5 } },
      { text: "I'd buy something from the list of things they've said they want.", leans: { O: -0.5 } },
      { text: "I'd organise a surprise get-together with our friends.", leans: { E: 1 } },
      { text: "I'd give them an experience we can share, something new to both of us.", leans: { O: 1 } },
    ],
  },
  {
    id: "creative-wild-camping-invite",
    domain: "creative",
    prompt: "Friends invite you on a weekend of wild camping in the hills: no showers, no phone signal. You've never camped before.",
    options: [
      { text: "I'd go; it sounds like an adventure.", leans: { O: 0.5, E: 0.5 } },
      { text: "I'd go, as long as I could plan and pack carefully beforehand.", leans: { C: 1 } },
      { text: "I'd suggest a campsite with basic facilities instead.", leans: { O: -0.5 } },
      { text: "I'd decline; I'd be uneasy the whole time.", leans: { N: 1 } },
    ],
  },
  {
    id: "creative-box-of-old-photos",
    domain: "creative",
    prompt: "While clearing a cupboard, you find a box of old family photos and letters you'd forgotten about.",
    options: [
      { text: "I'd scan them and make an album or a short family story to share.", leans: { O: 0.5, C: 0.5 } },
      { text: "I'd spend the evening reading them, lost in memories.", leans: { O: 1 } },
      { text: "I'd call a relative to go through them together.", leans: { E: 0.5, A: 0.5 } },
    ],
  },
];
