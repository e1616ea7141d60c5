/**
 * Password policy of domain §5 ('at least 8 characters with an upper-case letter, a lower-case
 * letter, a digit and a special character') as i18n keys, in that order, so the same check
 * drives the register/reset forms in the browser and the server's 422 answer.
 */
export function passwordProblems(password: string): string[] {
  const value = typeof password === 'string' ? password : '';
  const problems: string[] = [];
  if ([...value].length < 8) problems.push('validation.passwordMin');
  if (!/\p{Lu}/u.test(value)) problems.push('validation.passwordUpper');
  if (!/\p{Ll}/u.test(value)) problems.push('validation.passwordLower');
  if (!/\p{Nd}/u.test(value)) problems.push('validation.passwordDigit');
  if (!/[^\p{L}\p{Nd}\s]/u.test(value)) problems.push('validation.passwordSpecial');
  return problems;
}
