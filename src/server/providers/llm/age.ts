/** Whole years between a YYYY-MM-DD birthday and `now` (UTC); null when the date is invalid or in the future. */
export function ageOn(birthday: string | null, now: Date): number | null {
  if (!birthday || !/^\d{4}-\d{2}-\d{2}$/.test(birthday)) return null;
  const born = new Date(`${birthday}T00:00:00Z`);
  if (Number.isNaN(born.getTime()) || !born.toISOString().startsWith(birthday) || born > now) return null;
  let age = now.getUTCFullYear() - born.getUTCFullYear();
  const beforeBirthday =
    now.getUTCMonth() < born.getUTCMonth() || (now.getUTCMonth() === born.getUTCMonth() && now.getUTCDate() < born.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}
