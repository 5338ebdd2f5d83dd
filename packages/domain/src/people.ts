export interface NameParts {
  firstname?: string | null;
  middlename?: string | null;
  lastname?: string | null;
}

/** First, middle and last names joined by single spaces, empty parts skipped. */
export function displayName(person: NameParts): string {
  return [person.firstname, person.middlename, person.lastname]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .join(' ');
}

/** Up to two initials: first and last name. */
export function initials(person: NameParts): string {
  const letters = [person.firstname, person.lastname].map((part) => part?.trim().charAt(0) ?? '').join('');
  return letters.toUpperCase();
}
