/** What other sections may use of the twin: its messages as AI SDK chat messages (a visitor's chat reads the same stream). */
export { enterSends, lastUserText, textOf, toUIMessage, type TwinUIMessage } from "./twin-ui-message";
/** The notice that a twin is an AI, and who speaks in an answer (a support message is not the twin). */
export { AiNoticeBanner, InlineAiNotice, SpeakerLabel } from "./ai-notice";
