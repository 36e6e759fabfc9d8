import type { Voice } from "./read-aloud";

/**
 * Known texts for the transcription evaluation: things a person says when answering a capture question, in plain words
 * (numbers written out, so a reading is judged on hearing, not on how it writes "1962"). Written for this evaluation;
 * no persona's memories.
 */
export const PASSAGES = [
  "When I was a girl my mother sewed every dress I wore on an old treadle machine.",
  "The hardest decision I ever made was to close the bakery for a month after the flood.",
  "My father drove a bus through the city for thirty years and never once missed a shift.",
  "We spent every summer at my aunt's cottage by the lake, fishing off the wooden pier until dark.",
  "I met your grandfather at a dance in the church hall, and he stepped on my feet all night.",
  "If I could tell my younger self one thing, it would be to worry less about what the neighbours think.",
  "The winter the pipes froze we slept in our coats and melted snow on the stove for tea.",
  "I learned to drive in a borrowed van, and the first thing I did was reverse into the post box.",
  "Music got me through the worst year of my life, mostly old records my brother left behind.",
  "I was proud the day my daughter graduated, though I cried so much I missed her name being called.",
  "We moved to the coast when I retired, and I walk along the harbour every morning with the dog.",
  "My best friend and I wrote letters to each other for fifty years, and I kept every single one.",
];

/**
 * The voices that read them (Debian's engines: `apt-get install espeak-ng flite festival`), at several speeds. Each
 * is a command writing a WAV file; `{text}` and `{out}` are filled in.
 */
export const VOICES: Voice[] = [
  { name: "espeak-ng en-us 150", command: "espeak-ng", args: ["-v", "en-us", "-s", "150", "-w", "{out}", "{text}"] },
  { name: "espeak-ng en-gb 190", command: "espeak-ng", args: ["-v", "en-gb", "-s", "190", "-w", "{out}", "{text}"] },
  { name: "espeak-ng en-us+f3 125", command: "espeak-ng", args: ["-v", "en-us+f3", "-s", "125", "-w", "{out}", "{text}"] },
  { name: "flite slt", command: "flite", args: ["-voice", "slt", "-t", "{text}", "-o", "{out}"] },
  { name: "flite awb slow", command: "flite", args: ["-voice", "awb", "--setf", "duration_stretch=1.25", "-t", "{text}", "-o", "{out}"] },
  { name: "flite rms fast", command: "flite", args: ["-voice", "rms", "--setf", "duration_stretch=0.85", "-t", "{text}", "-o", "{out}"] },
  { name: "festival kal", command: "text2wave", args: ["-o", "{out}", "-eval", "(voice_kal_diphone)", "{textfile}"] },
];
