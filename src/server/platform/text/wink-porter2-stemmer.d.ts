declare module "wink-porter2-stemmer" {
  /** Snowball's Porter 2 English stemmer (the algorithm behind PostgreSQL's english_stem). */
  export default function stem(word: string): string;
}
