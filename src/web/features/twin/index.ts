/** The one twin chat (the owner's, a contact's, a memorial's differ only by its props), and what a visitor's Listen is. */
export { TwinChat } from "./chat/twin-chat";
export type { AnswerSpeaker } from "./use-answer-speaker";
