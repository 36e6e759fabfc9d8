/** One sentence of a composed reflection; optional ones are the first to go when the text runs long. */
export interface Sentence {
  text: string;
  optional?: boolean;
}

export type Paragraph = Sentence[];

export const required = (text: string): Sentence => ({ text });
export const optional = (text: string): Sentence => ({ text, optional: true });
