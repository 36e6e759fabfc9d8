// One module for words and sentences: every part of the server that splits, folds or stems text uses these.
export { contentStems, foldAccents, isStopword, splitWords, stemWord } from "./words";
export { splitSentences } from "./sentences";
export { readAsMeant } from "./read-as-meant";
