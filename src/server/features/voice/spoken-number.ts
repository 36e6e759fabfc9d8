const ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

function below100(n: number): string {
  if (n < 20) return ONES[n]!;
  return n % 10 === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]} ${ONES[n % 10]}`;
}

/** A number as it is read in a date: 26 → "twenty six", 2026 → "twenty twenty six", 2005 → "two thousand five". */
export function spokenNumber(n: number): string {
  if (n < 100) return below100(n);
  if (n >= 2000 && n < 2010) return n === 2000 ? "two thousand" : `two thousand ${ONES[n - 2000]}`;
  if (n >= 1000 && n < 10_000) {
    const low = n % 100;
    return `${below100(Math.floor(n / 100))} ${low === 0 ? "hundred" : low < 10 ? `oh ${ONES[low]}` : below100(low)}`;
  }
  return String(n);
}
