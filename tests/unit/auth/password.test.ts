import { describe, expect, it } from 'vitest';
import { passwordProblems } from '../../../core/auth/password';

describe('passwordProblems (domain §5)', () => {
  it('accepts a policy-conforming password', () => {
    expect(passwordProblems('Str0ng!pass')).toEqual([]);
    expect(passwordProblems('Şifre1234!')).toEqual([]);
  });

  it.each([
    ['Sh0rt!', ['validation.passwordMin']],
    ['lowercase1!', ['validation.passwordUpper']],
    ['UPPERCASE1!', ['validation.passwordLower']],
    ['NoDigits!!', ['validation.passwordDigit']],
    ['NoSpecial12', ['validation.passwordSpecial']],
    [
      '',
      [
        'validation.passwordMin',
        'validation.passwordUpper',
        'validation.passwordLower',
        'validation.passwordDigit',
        'validation.passwordSpecial',
      ],
    ],
  ])('%j -> %j', (password, expected) => {
    expect(passwordProblems(password)).toEqual(expected);
  });

  it('treats a non-string as empty', () => {
    expect(passwordProblems(undefined as unknown as string)).toHaveLength(5);
  });
});
