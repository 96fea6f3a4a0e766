import { isCommon, passwordProblems } from './password-policy';

describe('password policy', () => {
  const email = 'jane.doe@example.com';

  it('accepts a long password that is none of the common kinds', () => {
    expect(passwordProblems('violet tractor 42 sings', 'violet tractor 42 sings', email)).toEqual(
      [],
    );
  });

  it('counts characters as a person does (12 emoji are 12 characters)', () => {
    const pw = '🌳🚜🎻🍋🦊🧭🪁🛶🎲🧩🪴🧵';
    expect(passwordProblems(pw, pw, email)).toEqual([]);
    expect(passwordProblems('short1!', 'short1!', email)).toEqual(['too-short']);
  });

  it('refuses the e-mail address and passwords containing its name part', () => {
    expect(passwordProblems(email, email, email)).toEqual(['like-email']);
    expect(passwordProblems('JANE.DOE-secret-77', 'JANE.DOE-secret-77', email)).toEqual([
      'like-email',
    ]);
  });

  it.each([
    'password1234',
    'Password1234!',
    'qwertyuiop12',
    'Welcome2026!!',
    'iloveyouiloveyou',
    '123456789012',
    'aaaaaaaaaaaa',
    'abcdefghijkl',
    'zyxwvutsrqpo',
    '1q2w3e4r5t6y',
    '  Sunshine 2025  ',
  ])('refuses %j as common', (pw) => {
    expect(isCommon(pw)).toBe(true);
  });

  it.each(['correct horse battery', 'Kx9!vR2#mQ7@', 'tintenfisch-am-morgen', '4815162342tulips'])(
    'accepts %j',
    (pw) => {
      expect(isCommon(pw)).toBe(false);
    },
  );

  it('refuses over-long passwords and a confirmation that differs', () => {
    const long = 'x7'.repeat(200);
    expect(passwordProblems(long, long, email)).toContain('too-long');
    expect(passwordProblems('violet tractor 42', 'violet tractor 43', email)).toEqual(['mismatch']);
  });
});
